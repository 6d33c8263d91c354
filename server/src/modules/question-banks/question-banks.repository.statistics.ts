import type { Runner } from '../../db/rows';
import { OptionStatistics, QuestionStatistics } from './question-banks.types';

/*
 * The item statistics of bank questions (issue 30): a part of the question-banks repository, one raw SQL statement
 * for whole banks (the loaders' statisticsByBank), kept apart for its length.
 */

/** Under this many graded answers the discrimination index says nothing (null). */
export const DISCRIMINATION_MIN = 10;

interface StatsRow {
  bank_question_id: string;
  answered: number;
  graded: number;
  average: number | null;
  difficulty: number | null;
  discrimination: number | null;
  options: Array<{ optionId: string; text: string; chosen: number }>;
}

/**
 * Item statistics of bank questions over every assessment question copied, linked or drawn from them
 * (questions.bank_question_id), from handed-in work, in one statement for whole banks:
 * - answered: answers that are not empty; graded: grades given; averageScore: their mean in points;
 * - difficulty: the mean of score / points (0..1);
 * - discrimination: with at least DISCRIMINATION_MIN graded answers, the mean score share of the upper 27% of
 *   those students ranked by their submission's total (as a share of its maximum, so items of different size
 *   compare) minus that of the lower 27%;
 * - options (MCQ): how many answers chose each bank option, an option of a copy counted by its text.
 * A bank question without any handed-in answer has no row (statistics null).
 */
export async function statisticsOf(m: Runner, bankIds: string[]): Promise<Map<string, QuestionStatistics>> {
  if (!bankIds.length) return new Map();
  const rows: StatsRow[] = await m.query(
    `WITH given AS (
       SELECT bq.id AS bq, sa.selected_option_ids, q.id AS qid,
              (sa.answer <> '' OR cardinality(sa.selected_option_ids) > 0 OR sa.file_id IS NOT NULL) AS answered,
              g.score::float8 AS score, q.points,
              CASE WHEN s.max_score > 0 THEN s.total_score::float8 / s.max_score END AS standing
         FROM bank_questions bq
         JOIN questions q ON q.bank_question_id = bq.id
         JOIN submission_answers sa ON sa.question_id = q.id
         JOIN submissions s ON s.id = sa.submission_id AND s.submitted_at IS NOT NULL
         LEFT JOIN grades g ON g.submission_id = s.id AND g.question_id = q.id
        WHERE bq.bank_id = ANY($1::uuid[])),
     ranked AS (
       SELECT bq, score / points AS share,
              row_number() OVER (PARTITION BY bq ORDER BY standing DESC NULLS LAST, score / points DESC) AS from_top,
              row_number() OVER (PARTITION BY bq ORDER BY standing ASC NULLS FIRST, score / points ASC) AS from_bottom,
              count(*) OVER (PARTITION BY bq) AS n
         FROM given WHERE score IS NOT NULL),
     discrimination AS (
       SELECT bq, CASE WHEN max(n) >= ${DISCRIMINATION_MIN}
                       THEN avg(share) FILTER (WHERE from_top <= round(n * 0.27)) - avg(share) FILTER (WHERE from_bottom <= round(n * 0.27)) END AS d
         FROM ranked GROUP BY bq),
     chosen AS (
       SELECT g.bq, lower(regexp_replace(trim(o.text), '\\s+', ' ', 'g')) AS t, count(*)::int AS n
         FROM given g JOIN question_options o ON o.question_id = g.qid AND o.id = ANY(g.selected_option_ids)
        GROUP BY g.bq, 2)
     SELECT g.bq AS bank_question_id,
            count(*) FILTER (WHERE g.answered)::int AS answered,
            count(g.score)::int AS graded,
            avg(g.score) AS average,
            avg(g.score / g.points) AS difficulty,
            (SELECT d.d FROM discrimination d WHERE d.bq = g.bq) AS discrimination,
            COALESCE((SELECT json_agg(json_build_object('optionId', bo.id, 'text', bo.text,
                                      'chosen', COALESCE((SELECT c.n FROM chosen c WHERE c.bq = g.bq AND c.t = lower(regexp_replace(trim(bo.text), '\\s+', ' ', 'g'))), 0))
                                      ORDER BY bo.position)
                        FROM bank_question_options bo WHERE bo.bank_question_id = g.bq), '[]') AS options
       FROM given g GROUP BY g.bq HAVING count(*) FILTER (WHERE g.answered) > 0`,
    [bankIds],
  );
  return new Map(
    rows.map((r) => [
      r.bank_question_id,
      Object.assign(new QuestionStatistics(), {
        answered: r.answered,
        graded: r.graded,
        averageScore: r.average === null ? null : round(r.average),
        difficulty: r.difficulty === null ? null : round(r.difficulty),
        discrimination: r.discrimination === null ? null : round(r.discrimination),
        options: r.options.map((o) => Object.assign(new OptionStatistics(), o)),
      }),
    ]),
  );
}

const round = (x: number) => Math.round(Number(x) * 1000) / 1000;
