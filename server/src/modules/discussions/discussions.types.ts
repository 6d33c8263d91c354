import { Field, ID, InputType, Int } from 'type-graphql';
import { Connection, PageLimits } from '../../core/paging';
import { Discussion } from './discussion.entity';

/** A course's threads, posted all year: 100 a page unless asked, at most 500. */
export const DISCUSSION_PAGE: PageLimits = { max: 500, size: 100 };

export const DiscussionConnection = Connection(Discussion, 'Discussion', "a course's threads, newest first, each with its replies");

@InputType({ description: 'A new thread, or a reply when parentDiscussionId is given (REST: POST /api/discussions).' })
export class CreateDiscussionInput {
  @Field(() => ID, { description: 'The course (REST: course).' })
  courseId: string;

  @Field(() => ID, { nullable: true, description: 'The thread replied to (REST: parentDiscussion); null starts a thread.' })
  parentDiscussionId?: string;

  @Field({ nullable: true, description: "Title; required for a thread, 'Re: ' plus the thread's title for a reply when not given." })
  title?: string;

  @Field({ description: 'Text; required.' })
  content: string;
}

@InputType({ description: 'Changes to a thread or reply (REST: PUT /api/discussions/{id}).' })
export class UpdateDiscussionInput {
  @Field(() => ID, { description: 'The post to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New text; must not be blank.' })
  content?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).',
  })
  version?: number;
}
