import { userJson } from '../../db/json-rows';

/** The filters of a users page as SQL over `u`, with their parameters from $3 on ($1, $2: the window). */
export interface UsersWhere {
  sql: string;
  params: unknown[];
}

/**
 * A users page (users(first, after), GET /users?limit=&offset=) in one statement: the users passing `where`
 * by last name, first name and id, the window $1 (offset) and $2 (limit), as plain User objects (userJson: the
 * field rules decide what is shown of them), and the whole list's total.
 */
export const usersPageSql = (where: string) => `
WITH matched AS NOT MATERIALIZED (SELECT u.* FROM users u WHERE ${where}),
win AS (SELECT * FROM matched ORDER BY last_name, first_name, id OFFSET $1 LIMIT $2)
SELECT (SELECT count(*)::int FROM matched) AS total,
       coalesce((SELECT json_agg(${userJson('u')} ORDER BY u.last_name, u.first_name, u.id) FROM win u), '[]'::json) AS items`;
