import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Families (issue 17): which parents may follow which students, many to many. The database keeps the roles
 * right: a link names a Parent and a Student (a trigger refuses anything else, whoever writes the row), and a
 * user whose role changes away from Parent or Student loses their links, so a link never outlives the role
 * that made it meaningful.
 */
export class Families1732300013000 implements MigrationInterface {
  name = 'Families1732300013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE parent_students (
        parent_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (parent_id, student_id)
      )`);
    await q.query(`CREATE INDEX parent_students_student_idx ON parent_students (student_id)`);
    await q.query(`
      CREATE FUNCTION parent_students_roles() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.parent_id AND role = 'Parent') THEN
          RAISE EXCEPTION 'parent_students: % is not a Parent', NEW.parent_id USING ERRCODE = 'check_violation', CONSTRAINT = 'parent_students_parent_role';
        END IF;
        IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.student_id AND role = 'Student') THEN
          RAISE EXCEPTION 'parent_students: % is not a Student', NEW.student_id USING ERRCODE = 'check_violation', CONSTRAINT = 'parent_students_student_role';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER parent_students_roles BEFORE INSERT OR UPDATE ON parent_students
        FOR EACH ROW EXECUTE FUNCTION parent_students_roles()`);
    await q.query(`
      CREATE FUNCTION parent_students_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.role = 'Parent' THEN DELETE FROM parent_students WHERE parent_id = NEW.id; END IF;
        IF OLD.role = 'Student' THEN DELETE FROM parent_students WHERE student_id = NEW.id; END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_role_change_unlinks AFTER UPDATE OF role ON users
        FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION parent_students_role_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_role_change_unlinks ON users`);
    await q.query(`DROP FUNCTION parent_students_role_change()`);
    await q.query(`DROP TABLE parent_students`);
    await q.query(`DROP FUNCTION parent_students_roles()`);
  }
}
