import { newRouter, route, send, str } from '../../core/rest';
import { gradebookCsv, gradebookFileName } from './gradebook.csv';
import { presentGradebook, presentStudentGrades } from './gradebook.shape';

/** Grades (issue 17): GET /grades/me, GET /students/{id}/grades, GET /courses/{id}/gradebook (?format=csv: the file). */
export function gradebookRouter() {
  const r = newRouter();
  r.get(
    '/grades/me',
    route(async (_req, res, actor, ctx) => {
      send(res, presentStudentGrades(actor, await ctx.services.gradebook.mine(actor)));
    }),
  );
  r.get(
    '/students/:id/grades',
    route(async (req, res, actor, ctx) => {
      send(res, presentStudentGrades(actor, await ctx.services.gradebook.ofStudent(actor, req.params.id)));
    }),
  );
  r.get(
    '/courses/:id/gradebook',
    route(async (req, res, actor, ctx) => {
      const g = await ctx.services.gradebook.gradebook(actor, req.params.id);
      const external = await ctx.services.oneroster.gradebook.columnsOfCourse(g.courseId);
      if (str(req.query.format) === 'csv') {
        res.status(200).type('text/csv; charset=utf-8').attachment(gradebookFileName(g)).send(gradebookCsv(g, external));
        return;
      }
      send(res, presentGradebook(actor, g, external));
    }),
  );
  return r;
}
