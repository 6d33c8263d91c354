import { Request } from 'express';
import { Body, body, newRouter, param, route, send } from '../../core/rest';
import { restSlice } from '../../core/paging';
import { RequestContext } from '../../core/context';
import { Actor } from '../../policies';
import { Assessment, AssessmentKind } from './assessment.entity';
import { ASSESSMENT_TEXT as T } from './assessments.validation';
import { SCOPE_FIELD, presentAssessment, presentCloneChanges, presentStudent } from './assessments.shape';
import { Question } from './question.types';
import type { QuestionImageRow } from './assessments.repository.images';

/** What differs between the three REST families (assessments.md section 7): names and paths only. */
interface Family {
  kind: AssessmentKind;
  path: string;
  parent: 'course' | 'module';
  cloneTarget: 'targetCourseId' | 'newModuleId';
}

export const FAMILIES: Family[] = [
  { kind: AssessmentKind.ASSIGNMENT, path: 'assignments', parent: 'course', cloneTarget: 'targetCourseId' },
  { kind: AssessmentKind.EXAM, path: 'exams', parent: 'course', cloneTarget: 'targetCourseId' },
  { kind: AssessmentKind.QUIZ, path: 'quizzes', parent: 'module', cloneTarget: 'newModuleId' },
];

const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : null);

/** A REST question (options {text, isCorrect}, correctAnswers, shortAnswerWeights) as the service takes it. */
function questionFromRest(raw: unknown): unknown {
  const q = obj(raw);
  if (!q) return raw;
  const weights = Array.isArray(q.shortAnswerWeights) ? q.shortAnswerWeights.map(obj) : [];
  return {
    id: q._id ?? q.id,
    type: q.type,
    questionText: q.questionText,
    points: q.points,
    order: q.order,
    options: Array.isArray(q.options)
      ? q.options.map((o) => (obj(o) ? { id: obj(o)!._id ?? obj(o)!.id, text: obj(o)!.text, isCorrect: obj(o)!.isCorrect } : o))
      : q.options,
    acceptedAnswers: Array.isArray(q.correctAnswers)
      ? q.correctAnswers.map((answer) => ({ answer, weight: weights.find((w) => w?.answer === answer)?.weight }))
      : q.correctAnswers,
    partialMarking: q.partialMarking,
  };
}

/** A REST body with the family's names (course, module, assignmentScope..., targetStudents) as the service takes it. */
function fromRest(f: Family, b: Body) {
  return {
    courseId: b.course,
    moduleId: b.module,
    title: b.title,
    description: b.description,
    instructions: b.instructions,
    dueDate: b.dueDate,
    resultVisibility: b.resultVisibility,
    isVisible: b.isVisible,
    scope: b[SCOPE_FIELD[f.kind]],
    targetStudentIds: b.targetStudents,
    version: b.version,
    questions: Array.isArray(b.questions) ? b.questions.map(questionFromRest) : b.questions,
  };
}

/** One item with its questions and targets (and, for its teachers, its random draws), shaped for the viewer. */
export async function presentOne(actor: Actor, ctx: RequestContext, a: Assessment) {
  const [questions, targets, facts] = await Promise.all([
    ctx.loaders.questionsByAssessment.load(a.id),
    ctx.loaders.targetsByAssessment.load(a.id),
    ctx.loaders.courseFacts.load(a.courseId),
  ]);
  const seesKey = !!facts && ctx.services.assessments.seesKey(actor, facts);
  // the draws and every drawn question only for those who hold the key (a student's picks are among their questions)
  const [draws, drawn] = seesKey
    ? await Promise.all([ctx.loaders.drawsByAssessment.load(a.id), ctx.loaders.drawnQuestionsByAssessment.load(a.id)])
    : [[], []];
  const images = await ctx.loaders.imagesByQuestion.loadMany([...questions, ...drawn].map((q) => q.id));
  const withImages = (qs: Question[], at: number) => qs.map((q, i) => ({ ...q, imageRows: images[at + i] as QuestionImageRow[] }));
  return presentAssessment(actor, a, {
    questions: withImages(questions, 0),
    targets,
    seesKey,
    draws,
    drawn: withImages(drawn, questions.length),
  });
}

const parentOf = (f: Family, req: Request) =>
  f.parent === 'course' ? { courseId: param(req, 'parentId') } : { moduleId: param(req, 'parentId') };

/** The authoring paths of one family: /assignments, /exams or /quizzes. */
export function assessmentFamilyRouter(f: Family) {
  const r = newRouter();
  const s = (ctx: RequestContext) => ctx.services.assessments;
  r.get(
    `/${f.path}/${f.parent}/:parentId`,
    route(async (req, res, actor, ctx) => {
      const list =
        f.parent === 'course'
          ? await s(ctx).listForCourse(actor, param(req, 'parentId'), f.kind)
          : await s(ctx).listForModule(actor, param(req, 'parentId'));
      send(
        res,
        restSlice(req, res, list).map((a) => presentAssessment(actor, a)),
      );
    }),
  );
  r.get(
    `/${f.path}/students/${f.parent}/:parentId`,
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await s(ctx).students(actor, f.kind, parentOf(f, req))).map((st) => presentStudent(actor, st)),
      );
    }),
  );
  r.get(
    `/${f.path}/reuse/available/:parentId`,
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await s(ctx).reusable(actor, f.kind, parentOf(f, req))).map((a) => presentAssessment(actor, a)),
      );
    }),
  );
  r.post(
    `/${f.path}/reuse/clone/:id`,
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const { assessment, changes } = await s(ctx).clone(actor, f.kind, {
        assessmentId: param(req),
        [f.cloneTarget]: b[f.cloneTarget],
        dueDate: b.dueDate,
        title: b.title,
        description: b.description,
      });
      send(res, await presentOne(actor, ctx, assessment), { message: T.cloned(f.kind), changes: presentCloneChanges(actor, changes) }, 201);
    }),
  );
  r.get(
    `/${f.path}/:id`,
    route(async (req, res, actor, ctx) => {
      send(res, await presentOne(actor, ctx, await s(ctx).get(actor, param(req), f.kind)));
    }),
  );
  r.post(
    `/${f.path}`,
    route(async (req, res, actor, ctx) => {
      const a = await s(ctx).create(actor, f.kind, fromRest(f, body(req)));
      send(res, await presentOne(actor, ctx, a), { message: T.created(f.kind) }, 201);
    }),
  );
  r.put(
    `/${f.path}/:id`,
    route(async (req, res, actor, ctx) => {
      const a = await s(ctx).update(actor, param(req), fromRest(f, body(req)), f.kind);
      send(res, await presentOne(actor, ctx, a), { message: T.updated(f.kind) });
    }),
  );
  r.delete(
    `/${f.path}/:id`,
    route(async (req, res, actor, ctx) => {
      const confirm = body(req).confirmSubmissions ?? req.query.confirmSubmissions;
      const { deletedSubmissions } = await s(ctx).delete(actor, param(req), confirm, f.kind);
      res.json({ success: true, message: T.deleted(f.kind), deletedSubmissions });
    }),
  );
  return r;
}

/** assessments.md section 7 "Authoring": the three families from one factory. */
export function assessmentsRouter() {
  const r = newRouter();
  for (const f of FAMILIES) r.use(assessmentFamilyRouter(f));
  return r;
}
