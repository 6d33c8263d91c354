import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { RequestContext, requireActor } from '../../app/context';
import { CourseModule } from '../course-modules/module.entity';
import { Content } from './content.entity';
import { downloadPath } from './content.shape';
import { CloneContentInput, UpdateContentInput, UploadContentInput } from './content.types';

@Resolver(() => Content)
export class ContentResolver {
  @Query(() => [Content], { description: "A module's content; students see visible items of visible modules only (REST: GET /api/content/module/{moduleId})." })
  contents(@Arg('moduleId', () => ID, { description: 'The module whose content to list.' }) moduleId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.content.listForModule(requireActor(ctx), moduleId);
  }

  @Query(() => Content, { description: 'One content item; not found for a student when it or its module is hidden.' })
  content(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.content.get(requireActor(ctx), id);
  }

  @Query(() => [Content], { description: 'Content of your other modules, to reuse in this module (tree by module.course.academicYear, class, course, module) (REST: GET /api/content/reuse/available/{moduleId}).' })
  reusableContents(@Arg('moduleId', () => ID, { description: 'The module the content would be copied into (its own content is left out).' }) moduleId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.content.reusable(requireActor(ctx), moduleId);
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
    description: "Upload a file into a module (multipart request; send the header 'Apollo-Require-Preflight: true'). At most 50MB; its bytes and declared type must match contentType (REST: POST /api/content).",
  })
  async uploadContent(
    @Arg('input', () => UploadContentInput) input: UploadContentInput,
    @Arg('file', () => GraphQLUpload, { nullable: true, description: 'The file; missing gives "Please select a file to upload".' }) file: Promise<FileUpload> | null,
    @Ctx() ctx: RequestContext,
  ) {
    const actor = requireActor(ctx);
    const upload = file ? await file : null;
    const incoming = upload ? { filename: upload.filename, mimetype: upload.mimetype, stream: upload.createReadStream() } : null;
    return ctx.services.content.upload(actor, input, incoming);
  }

  @Mutation(() => Content, { description: 'Change a content item (REST: PUT /api/content/{id}).' })
  updateContent(@Arg('input', () => UpdateContentInput) input: UpdateContentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.content.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a content item and its file, unless a reused copy still uses the file (REST: DELETE /api/content/{id}).' })
  async deleteContent(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.content.delete(requireActor(ctx), id);
    return true;
  }

  @Mutation(() => Content, { description: 'Reuse a content item: a copy in another module you teach (REST: POST /api/content/reuse/clone/{contentId}).' })
  cloneContent(@Arg('input', () => CloneContentInput) input: CloneContentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.content.clone(requireActor(ctx), input.contentId, input.newModuleId);
  }
}

/** Module.contents: one statement for all modules of a response; hidden items only for those who see hidden. */
@Resolver(() => CourseModule)
export class ModuleContentsFieldResolver {
  @FieldResolver(() => [Content], { description: 'Content items by upload time; for students only the visible ones.' })
  contents(@Root() m: CourseModule, @Ctx() ctx: RequestContext) {
    return (m.viewerSeesHidden ? ctx.loaders.contentsByModule : ctx.loaders.visibleContentsByModule).load(m.id);
  }
}
