import { Field, ID, InputType, Int } from 'type-graphql';
import { Connection, PageLimits } from '../../core/paging';
import { Announcement } from './announcement.entity';

/** A course's announcements, a few a week all year: 100 a page unless asked, at most 500. */
export const ANNOUNCEMENT_PAGE: PageLimits = { max: 500, size: 100 };

export const AnnouncementConnection = Connection(Announcement, 'Announcement', "a course's announcements, newest first");

@InputType({ description: 'A new announcement (REST: POST /api/announcements).' })
export class CreateAnnouncementInput {
  @Field(() => ID, { description: 'The course (REST: course); one you teach.' })
  courseId: string;

  @Field({ description: 'Title; required.' })
  title: string;

  @Field({ description: 'Text; required.' })
  content: string;

  @Field({ nullable: true, description: 'Shown to students; true when not given.' })
  isVisible?: boolean;
}

@InputType({ description: 'Changes to an announcement; fields not given stay as they are (REST: PUT /api/announcements/{id}).' })
export class UpdateAnnouncementInput {
  @Field(() => ID, { description: 'The announcement to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New text; must not be blank.' })
  content?: string;

  @Field({ nullable: true, description: 'Shown to students.' })
  isVisible?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).',
  })
  version?: number;
}
