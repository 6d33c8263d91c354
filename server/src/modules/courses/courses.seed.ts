import { Readable } from 'node:stream';
import { EntityManager } from 'typeorm';
import type { DemoSeeder, DemoUsers } from '../../db/demo-types';
import { seedingFileStore, tinyPdf, tinyPng, FileStore } from '../files';

interface DemoFile {
  name: string;
  mime: string;
  contentType: 'PDF' | 'Reading' | 'Other';
  bytes: Buffer;
  title: string;
  description: string;
  visible?: boolean;
}

interface DemoModule {
  title: string;
  description: string;
  moduleType: 'Week' | 'Unit';
  visible: boolean;
  files: DemoFile[];
}

const MATH_MODULES: DemoModule[] = [
  {
    title: 'Numbers and place value',
    description: 'Reading, writing and comparing numbers up to one million.',
    moduleType: 'Week',
    visible: true,
    files: [
      {
        name: 'place-value-notes.pdf',
        mime: 'application/pdf',
        contentType: 'PDF',
        title: 'Place value notes',
        description: 'Notes from the first lesson.',
        bytes: tinyPdf(['Place value', 'Every digit has a value that depends on its place.', 'Example: in 4,582 the 5 stands for 500.']),
      },
      {
        name: 'place-value-practice.txt',
        mime: 'text/plain',
        contentType: 'Reading',
        title: 'Practice questions',
        description: 'Ten questions to try at home.',
        bytes: Buffer.from(
          'Place value practice\n\n1. What is the value of 7 in 3,742?\n2. Write 40,306 in words.\n3. Which is larger: 9,099 or 9,909?\n',
          'utf8',
        ),
      },
    ],
  },
  {
    title: 'Fractions',
    description: 'Equivalent fractions, comparing and adding fractions.',
    moduleType: 'Week',
    visible: true,
    files: [
      {
        name: 'fraction-wall.png',
        mime: 'image/png',
        contentType: 'Other',
        title: 'Fraction wall',
        description: 'A picture to compare fractions.',
        bytes: tinyPng(96, 48),
      },
    ],
  },
  {
    title: 'Decimals (draft)',
    description: 'Being prepared; hidden from students until it is ready.',
    moduleType: 'Week',
    visible: false,
    files: [
      {
        name: 'decimals-draft.pdf',
        mime: 'application/pdf',
        contentType: 'PDF',
        title: 'Decimals worksheet (draft)',
        description: 'Not ready yet.',
        bytes: tinyPdf(['Decimals', 'Draft worksheet.']),
        visible: false,
      },
    ],
  },
];

const SCIENCE_MODULES: DemoModule[] = [
  {
    title: 'Living things and their habitats',
    description: 'How animals and plants are suited to where they live.',
    moduleType: 'Unit',
    visible: true,
    files: [
      {
        name: 'habitats.pdf',
        mime: 'application/pdf',
        contentType: 'PDF',
        title: 'Habitats overview',
        description: 'Slides from the lesson as a PDF.',
        bytes: tinyPdf(['Living things and their habitats', 'A habitat gives food, water and shelter.']),
      },
    ],
  },
  { title: 'Forces and magnets', description: 'Pushes, pulls, friction and magnetism.', moduleType: 'Unit', visible: true, files: [] },
];

async function store(m: EntityManager, fileStore: FileStore, f: DemoFile, ownerId: string): Promise<string> {
  const put = await fileStore.put(Readable.from([f.bytes]));
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256, owner_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [put.key, f.name, put.size, f.mime, put.sha256, ownerId],
  );
  return id;
}

async function course(
  m: EntityManager,
  fileStore: FileStore,
  teacherId: string,
  where: { classId: string; yearId: string; subjectId: string },
  title: string,
  description: string,
  modules: DemoModule[],
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO courses (title, description, subject_id, class_id, academic_year_id, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [title, description, where.subjectId, where.classId, where.yearId, teacherId],
  );
  for (const [i, mod] of modules.entries()) {
    const [{ id: moduleId }]: Array<{ id: string }> = await m.query(
      `INSERT INTO course_modules (course_id, title, description, module_type, sort_order, is_visible) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, mod.title, mod.description, mod.moduleType, i + 1, mod.visible],
    );
    for (const [j, f] of mod.files.entries()) {
      const fileId = await store(m, fileStore, f, teacherId);
      // one transaction has one now(): spread the times so the items list in the order written here
      await m.query(
        `INSERT INTO contents (module_id, title, description, content_type, file_id, file_name, file_size, mime_type, is_visible, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(secs => $11), now() - make_interval(secs => $11))`,
        [moduleId, f.title, f.description, f.contentType, fileId, f.name, f.bytes.length, f.mime, f.visible ?? true, teacherId, 100 - j],
      );
    }
  }
  return id;
}

/**
 * Demo school: teacher@ teaches Mathematics and Science in Class 5A 2026; each course has modules (one
 * hidden), a few small real files (PDF, text, PNG) in the FileStore, announcements, and a discussion with
 * replies from a student and the teacher. Runs after the academic seeder, whose rows it finds by name.
 */
export const courseSeeder: DemoSeeder = async (m: EntityManager, users: DemoUsers) => {
  const teacher = users['teacher@demo.school'];
  const student = users['student@demo.school'];
  const student2 = users['student2@demo.school'];
  const [place]: Array<{ class_id: string; year_id: string }> = await m.query(
    `SELECT c.id AS class_id, y.id AS year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id
      WHERE c.name = 'Class 5A' AND y.year = '2026'`,
  );
  if (!place || !teacher) return;
  const subjects: Array<{ id: string; name: string }> = await m.query(
    `SELECT id, name FROM subjects WHERE name IN ('Mathematics', 'Science')`,
  );
  const subjectId = (name: string) => subjects.find((s) => s.name === name)!.id;
  const fileStore = seedingFileStore();
  const at = { classId: place.class_id, yearId: place.year_id };

  const math = await course(
    m,
    fileStore,
    teacher.id,
    { ...at, subjectId: subjectId('Mathematics') },
    'MATH-5A',
    'Mathematics for Class 5A: number, fractions and decimals.',
    MATH_MODULES,
  );
  const science = await course(
    m,
    fileStore,
    teacher.id,
    { ...at, subjectId: subjectId('Science') },
    'SCI-5A',
    'Science for Class 5A: living things, forces and materials.',
    SCIENCE_MODULES,
  );

  const announce = (courseId: string, title: string, content: string, visible: boolean, minutesAgo: number) =>
    m.query(
      `INSERT INTO announcements (course_id, title, content, is_visible, author_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $6))`,
      [courseId, title, content, visible, teacher.id, minutesAgo],
    );
  await announce(
    math,
    'Welcome to Mathematics',
    'Welcome to Class 5A Mathematics! Notes and practice sheets are in the modules.',
    true,
    3 * 24 * 60,
  );
  await announce(math, 'Quiz on Friday', 'There will be a short quiz on place value this Friday.', true, 24 * 60);
  await announce(math, 'Decimals unit coming soon', 'Draft note: the decimals module opens next week.', false, 60);
  await announce(science, 'Bring a plant', 'Please bring a small plant in a pot for our habitats lesson.', true, 2 * 24 * 60);

  const post = async (
    courseId: string,
    authorId: string,
    title: string,
    content: string,
    minutesAgo: number,
    parentId: string | null = null,
  ) => {
    const [{ id }]: Array<{ id: string }> = await m.query(
      `INSERT INTO discussions (course_id, parent_id, title, content, author_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $6)) RETURNING id`,
      [courseId, parentId, title, content, authorId, minutesAgo],
    );
    return id;
  };
  const thread = await post(math, student.id, 'Help with equivalent fractions', 'How do I know that 2/4 and 1/2 are the same?', 300);
  await post(
    math,
    teacher.id,
    'Re: Help with equivalent fractions',
    'Multiply or divide the top and bottom by the same number: 1/2 = 2/4 because 1x2 = 2 and 2x2 = 4.',
    240,
    thread,
  );
  if (student2)
    await post(
      math,
      student2.id,
      'Re: Help with equivalent fractions',
      'The fraction wall picture in Week 2 helped me see it.',
      180,
      thread,
    );
  await post(science, teacher.id, 'Which habitat will you study?', 'Tell us which habitat you would like to study and why.', 120);
};
