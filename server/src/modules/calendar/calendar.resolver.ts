import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { CalendarEvent, CalendarFeedLink, CalendarFeedStatus } from './calendar.types';

@Resolver()
export class CalendarResolver {
  @Query(() => [CalendarEvent], {
    description:
      "The due dates in your calendar from `from` (inclusive) to `to` (exclusive), at most 100 days apart, by due date: a student's own assignments, exams and quizzes (never a hidden one; a reopened item at its customDueDate), a teacher's of the courses they teach; other roles' calendars are empty. One statement (REST: GET /api/calendar?from=&to=).",
  })
  calendar(
    @Arg('from', () => Date, { description: 'Start of the range (an ISO date-time; the client sends local midnight in UTC).' }) from: Date,
    @Arg('to', () => Date, { description: 'End of the range, exclusive.' }) to: Date,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.calendar.events(actor, from, to);
  }

  @Query(() => CalendarFeedStatus, {
    description:
      'Whether you have a calendar subscription link, since when, and when a calendar app last read it (REST: GET /api/calendar/feed).',
  })
  calendarFeed(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.calendar.feedStatus(actor);
  }

  @Mutation(() => CalendarFeedLink, {
    description:
      "'Create link' and 'Reset link': a new secret address of your ICS feed for Google Calendar or Outlook; any previous address stops answering (404). Shown once: only its hash is kept. Not while viewing as another role (REST: POST /api/calendar/feed).",
  })
  createCalendarFeedLink(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.calendar.createFeedLink(actor);
  }

  @Mutation(() => Boolean, {
    description:
      "'Turn off': your feed address stops answering (404); true when there was one. Not while viewing as another role (REST: DELETE /api/calendar/feed).",
  })
  deleteCalendarFeedLink(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.calendar.turnOffFeed(actor);
  }
}
