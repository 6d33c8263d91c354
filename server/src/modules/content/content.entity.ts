import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CourseModule } from '../course-modules';
import { Versioned } from '../../db/versioned';

/** platform.md section 3: PDF, Video, PPT, Reading, Other; default PDF. */
export enum ContentType {
  PDF = 'PDF',
  Video = 'Video',
  PPT = 'PPT',
  Reading = 'Reading',
  Other = 'Other',
}

registerEnumType(ContentType, {
  name: 'ContentType',
  description: 'What a content file is: PDF (pdf), Video (mp4, webm), PPT (ppt, pptx), Reading (doc, docx, plain text), Other (jpeg, png).',
  valuesConfig: {
    PDF: { description: 'A PDF document (the default).' },
    Video: { description: 'An mp4 or webm video.' },
    PPT: { description: 'A PowerPoint presentation (ppt or pptx).' },
    Reading: { description: 'A Word document (doc or docx) or plain text.' },
    Other: { description: 'A JPEG or PNG image.' },
  },
});

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@ObjectType({ description: 'A downloadable file in a module, with its title and type.' })
@Entity('contents')
export class Content extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Title; the file name when none was given.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'Free text; empty when none was given.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => ContentType, { description: "The chosen type; the file's bytes always match it." })
  @Column({ name: 'content_type', type: 'text', default: ContentType.PDF })
  contentType: ContentType;

  @Field({ description: "The uploaded file's name (without any folder)." })
  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Field(() => Float, { description: 'Size of the file in bytes (the client shows KB with two decimals).' })
  @Column({ name: 'file_size', type: 'bigint', transformer: bigintAsNumber })
  fileSize: number;

  @Field({ description: 'MIME type of the file, as served on download.' })
  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Field({ description: 'False hides the item from students.' })
  @Column({ name: 'is_visible', default: true })
  isVisible: boolean;

  @Column({ name: 'module_id', type: 'uuid' })
  moduleId: string;

  @ManyToOne(() => CourseModule, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'module_id' })
  module?: CourseModule;

  /** The stored file; clones share it, so it is never changed once written. */
  @Column({ name: 'file_id', type: 'uuid' })
  fileId: string;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdById: string | null;

  @Field({ description: 'When the item was uploaded (or cloned).' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
