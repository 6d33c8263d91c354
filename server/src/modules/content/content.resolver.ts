import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { CourseModule } from '../course-modules';
import { Content } from './content.entity';
import { downloadPath } from './content.shape';
import { CloneContentInput, UpdateContentInput, UploadContentInput } from './content.types';

@Resolver(() => Content)
export class ContentResolver {
  @Query(() => [Content], {
    description: "A module's content; students see visible items of visible modules only (REST: GET /api/content/module/{moduleId}).",
  })
  contents(
    @Arg('moduleId', () => ID, { description: 'The module whose content to list.' }) moduleId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.content.listForModule(actor, moduleId);
  }

  @Query(() => Content, { description: 'One content item; not found for a student when it or its module is hidden.' })
  content(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.content.get(actor, id);
  }

  @Query(() => [Content], {
    description:
      'Content of your other modules, to reuse in this module (tree by module.course.academicYear, class, course, module) (REST: GET /api/content/reuse/available/{moduleId}).',
  })
  reusableContents(
    @Arg('moduleId', () => ID, { description: 'The module the content would be copied into (its own content is left out).' })
    moduleId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.content.reusable(actor, moduleId);
  }

  @FieldResolver(() => CourseModule, { description: 'The module the item belongs to.' })
  async module(@Root() c: Content, @Ctx() ctx: RequestContext) {
    return c.module ?? ctx.loaders.moduleById.load(c.moduleId);
  }

  @FieldResolver(() => String, { description: 'Where to download the file: GET this path with the bearer token (attachment, nosniff).' })
  downloadUrl(@Root() c: Content) {
    return downloadPath(c.id);
  }

  @Mutation(() => Content, {
    description:
      "Upload a file into a module (multipart request; send the header 'Apollo-Require-Preflight: true'). At most 50MB; its bytes and declared type must match contentType (REST: POST /api/content).",
  })
  async uploadContent(
    @Arg('input', () => UploadContentInput) input: UploadContentInput,
    @Arg('file', () => GraphQLUpload, { nullable: true, description: 'The file; missing gives "Please select a file to upload".' })
    file: Promise<FileUpload> | null,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    const upload = file ? await file : null;
    const incoming = upload ? { filename: upload.filename, mimetype: upload.mimetype, stream: upload.createReadStream() } : null;
    return ctx.services.content.upload(actor, input, incoming);
  }

  @Mutation(() => Content, { description: 'Change a content item (REST: PUT /api/content/{id}).' })
  updateContent(
    @Arg('input', () => UpdateContentInput) input: UpdateContentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.content.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Delete a content item and its file, unless a reused copy still uses the file (REST: DELETE /api/content/{id}).',
  })
  async deleteContent(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.content.delete(actor, id);
    return true;
  }

  @Mutation(() => Content, {
    description: 'Reuse a content item: a copy in another module you teach (REST: POST /api/content/reuse/clone/{contentId}).',
  })
  cloneContent(@Arg('input', () => CloneContentInput) input: CloneContentInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.content.clone(actor, input.contentId, input.newModuleId);
  }
}

/** Module.contents: one statement for all modules of a response, filtered by 'course.readItem' in SQL. */
@Resolver(() => CourseModule)
export class ModuleContentsFieldResolver {
  @FieldResolver(() => [Content], { description: 'Content items by upload time; for students only the visible ones.' })
  contents(@Root() m: CourseModule, @Ctx() ctx: RequestContext) {
    return (m as CourseModule & { contents?: Content[] }).contents ?? ctx.loaders.contentsByModule.load(m.id);
  }
}
