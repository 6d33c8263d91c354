import { defineManifest } from '../../core/manifest';
import { Calendar1732300015000 } from './1732300015000-Calendar';
import { CalendarResolver } from './calendar.resolver';
import { CalendarService } from './calendar.service';
import { calendarRouter } from './calendar.rest';

/** Due dates by month and week, and the per-user ICS feed at a revocable secret address (issue 17; ctx.services.calendar). */
export const calendarManifest = defineManifest({
  name: 'calendar',
  migrations: [Calendar1732300015000],
  resolvers: [CalendarResolver],
  services: (ds, config) => new CalendarService(ds, config),
  router: calendarRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    calendar: ReturnType<typeof calendarManifest.services>;
  }
}
