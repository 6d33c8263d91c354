import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Role } from '../../core/role';
import { Visible } from '../../core/field-rules';

@ObjectType({ description: 'A person who signs in: staff, student or parent.' })
@Entity('users')
export class User {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Given name, shown in the welcome banner.' })
  @Column({ name: 'first_name' })
  firstName: string;

  @Field({ description: 'Family name.' })
  @Column({ name: 'last_name' })
  lastName: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Sign-in email, unique regardless of case. Only for the user themselves and for staff who manage users (a student sees only the name and role of others): null otherwise.',
  })
  @Visible('user', 'contact')
  @Column()
  email: string;

  @Field(() => Role, { description: 'The role stored for this user (not an impersonated one).' })
  @Column({ type: 'text' })
  role: Role;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'True once the user has set a password (Active); false while Pending. Only for the user themselves and for staff who manage users: null otherwise.',
  })
  @Visible('user', 'contact')
  @Column({ default: false })
  activated: boolean;

  @Field(() => Date, {
    nullable: true,
    description:
      'When the user was deactivated (a OneRoster bulk import no longer listed them): they cannot sign in. Null for an ordinary user, and for viewers who may not read the user.',
  })
  @Visible('user', 'contact')
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;

  /** argon2id hash; never exposed through either transport. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  /** Student placement (modules/academic); GraphQL and REST show it as `class` and `academicYear`. */
  @Column({ name: 'class_id', type: 'uuid', nullable: true })
  classId: string | null;

  @Column({ name: 'academic_year_id', type: 'uuid', nullable: true })
  academicYearId: string | null;

  @Field({ description: 'When the account was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
