import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every message the server sends; without SMTP this table is the mailbox (development and tests). */
@Entity('mail_outbox')
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'to_address' })
  to: string;

  @Column()
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** Deliveries tried so far (a claim by the sender counts as one). */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** Until then the row is claimed by a sender or waits to be tried again. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
