import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import type { Actor } from '../../policies';
import type { DummyNote as Note, DummyNotesService } from './notes.service';
import type { dummyNotesLoaders } from './notes.loaders';

@ObjectType({ description: "The dummy domain's note (app/add-a-domain.test.ts only; never in the app's schema)." })
export class DummyNote {
  @Field(() => ID, { description: 'The note.' })
  id!: string;

  @Field({ description: 'What it says.' })
  text!: string;
}

/**
 * A real domain declares its services and loaders in the kernel's registries (core/context.ts); this one is not in
 * the app's list, so declaring them would break the root's check that the registries are exactly the list's.
 */
const own = (ctx: RequestContext) => ({
  service: (ctx.services as unknown as { dummyNotes: DummyNotesService }).dummyNotes,
  loaders: ctx.loaders as unknown as ReturnType<typeof dummyNotesLoaders>,
});

@Resolver()
export class DummyNotesResolver {
  @Query(() => [DummyNote], { description: "The viewer's own notes." })
  dummyNotes(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext): Promise<Note[]> {
    return own(ctx).loaders.dummyNotesByAuthor.load(actor.userId);
  }

  @Mutation(() => DummyNote, { description: 'Adds a note of the viewer.' })
  addDummyNote(@Arg('text') text: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext): Promise<Note> {
    return own(ctx).service.add(actor, text);
  }
}
