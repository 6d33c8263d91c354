import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * Metadata of bytes kept in the FileStore. Several rows elsewhere (a content item and its clones) may point
 * at one file: the bytes are immutable, and a file goes only when nothing references it any more.
 */
@Entity('files')
export class StoredFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The store's generated name; never derived from the client's file name. */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey: string;

  /** The name the uploader's file had, cleaned of any path; shown and offered on download. */
  @Column({ name: 'original_name', type: 'text' })
  originalName: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size: number;

  /** The declared type, accepted only after the bytes were found to agree with it. */
  @Column({ type: 'text' })
  mime: string;

  @Column({ type: 'text' })
  sha256: string;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
