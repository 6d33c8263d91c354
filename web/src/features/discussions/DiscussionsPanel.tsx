import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplyIcon from '@mui/icons-material/Reply';
import { ROLE_LABEL } from '../../lib/roles';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { FormDialog } from '../../components/FormDialog';
import { ListTab } from '../../components/ListTab';
import { useDialogForm } from '../../components/useDialogForm';
import { formatDateTime, fullName } from '../../lib/format';
import type { CourseDiscussionsPanelFragment } from './discussions.generated';
import { useDiscussions, validatePost, type Audience, type Post, type PostFields, type Thread } from './useDiscussions';

type Open = { kind: 'start' } | { kind: 'reply'; thread: Thread } | { kind: 'edit'; post: Post } | null;

export function repliesLabel(count: number): string {
  return count === 1 ? '1 Reply' : `${count} Replies`;
}

/** The Discussions tab of the teacher's and the student's course pages (their queries spread its fragment). */
export function DiscussionsPanel({ course, audience }: { course: CourseDiscussionsPanelFragment; audience: Audience }) {
  const d = useDiscussions(course, audience);
  const [open, setOpen] = useState<Open>(null);
  // threads whose replies are shown: one the viewer just replied to opens, so the posted reply is in view
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const replyAndShow = async (thread: Thread, content: string) => {
    const failure = await d.reply(thread, content);
    if (failure === null) setExpanded((now) => new Set(now).add(thread.id));
    return failure;
  };

  return (
    <>
      <ListTab
        title="Discussions"
        actions={
          course.viewerCanPost && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'start' })}>
              Start Discussion
            </Button>
          )
        }
        success={d.success}
        onClearSuccess={d.clearSuccess}
        error={d.error}
        onClearError={d.clearError}
        count={d.threads.length}
        emptyText="No discussions have been started for this course yet."
        emptyAction={
          audience === 'student' &&
          course.viewerCanPost && (
            <Button variant="contained" onClick={() => setOpen({ kind: 'start' })}>
              Start First Discussion
            </Button>
          )
        }
      >
        {d.threads.map((thread) => (
          <ThreadCard
            key={thread.id}
            thread={thread}
            canChange={d.canChange}
            showReplies={expanded.has(thread.id)}
            onToggleReplies={() => toggle(thread.id)}
            onReply={course.viewerCanPost ? () => setOpen({ kind: 'reply', thread }) : undefined}
            onEdit={(post) => setOpen({ kind: 'edit', post })}
            onDelete={(post) => void d.deletePost(post)}
          />
        ))}
      </ListTab>
      {open?.kind === 'start' && <PostDialog mode="start" onClose={() => setOpen(null)} onSave={d.startDiscussion} />}
      {open?.kind === 'reply' && (
        <PostDialog
          mode="reply"
          threadTitle={open.thread.title}
          onClose={() => setOpen(null)}
          onSave={(f) => replyAndShow(open.thread, f.content)}
        />
      )}
      {open?.kind === 'edit' && (
        <PostDialog mode="edit" post={open.post} onClose={() => setOpen(null)} onSave={(f) => d.updatePost(open.post, f)} />
      )}
    </>
  );
}

function Byline({ post }: { post: Post }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {fullName(post.author)}
      </Typography>
      {post.author && <Chip size="small" variant="outlined" label={ROLE_LABEL[post.author.role]} />}
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(post.createdAt)}
      </Typography>
    </Box>
  );
}

interface PostActionsProps {
  post: Post;
  what: string;
  onEdit(post: Post): void;
  onDelete(post: Post): void;
}

function PostActions({ post, what, onEdit, onDelete }: PostActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
      <EditDeleteButtons name={what} onEdit={() => onEdit(post)} onDelete={() => onDelete(post)} />
    </Box>
  );
}

interface ThreadCardProps {
  thread: Thread;
  canChange(post: Post): boolean;
  showReplies: boolean;
  onToggleReplies(): void;
  /** Absent when the viewer may not post in the course. */
  onReply?: () => void;
  onEdit(post: Post): void;
  onDelete(post: Post): void;
}

/** A thread: title, author and role, date, content, Reply, and its replies (collapsed at first, open after one's own reply). */
function ThreadCard({ thread, canChange, showReplies, onToggleReplies, onReply, onEdit, onDelete }: ThreadCardProps) {
  const count = thread.replies.length;
  const repliesId = `replies-${thread.id}`;
  const titleId = `thread-${thread.id}`;

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h3" component="h3">
            {thread.title}
          </Typography>
          <Byline post={thread} />
        </Box>
        {canChange(thread) && <PostActions post={thread} what={`discussion ${thread.title}`} onEdit={onEdit} onDelete={onDelete} />}
      </Box>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{thread.content}</Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {onReply && (
          <Button size="small" variant="outlined" startIcon={<ReplyIcon />} onClick={onReply} aria-label={`Reply to ${thread.title}`}>
            Reply
          </Button>
        )}
        {count > 0 && (
          <Button
            size="small"
            onClick={onToggleReplies}
            aria-expanded={showReplies}
            aria-controls={repliesId}
            endIcon={showReplies ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            {repliesLabel(count)}
          </Button>
        )}
      </Box>
      <Collapse in={showReplies} unmountOnExit>
        <Box
          component="ul"
          id={repliesId}
          aria-label={`Replies to ${thread.title}`}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}
        >
          {thread.replies.map((r) => (
            <Box component="li" key={r.id} sx={{ pl: 2, borderLeft: 3, borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Byline post={r} />
                {canChange(r) && <PostActions post={r} what={`reply by ${fullName(r.author)}`} onEdit={onEdit} onDelete={onDelete} />}
              </Box>
              <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>{r.content}</Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}

interface PostDialogProps {
  mode: 'start' | 'reply' | 'edit';
  threadTitle?: string;
  post?: Post;
  onClose(): void;
  onSave(fields: PostFields): Promise<string | null>;
}

/** 'Start New Discussion' (Title, Content), 'Reply to: {title}' (Your Reply, Post Reply), 'Edit Discussion'. */
function PostDialog({ mode, threadTitle, post, onClose, onSave }: PostDialogProps) {
  const form = useDialogForm<PostFields>({ title: post?.title ?? '', content: post?.content ?? '' }, onClose);
  const isReply = mode === 'reply';
  const texts = {
    start: { title: 'Start New Discussion', submit: 'Post Discussion' },
    reply: { title: `Reply to: ${threadTitle ?? ''}`, submit: 'Post Reply' },
    edit: { title: 'Edit Discussion', submit: 'Update Discussion' },
  }[mode];

  return (
    <FormDialog
      id="discussion-dialog"
      title={texts.title}
      submitLabel={texts.submit}
      onSubmit={form.submitWith((v) => validatePost(v, isReply), onSave)}
      {...form.dialog}
    >
      {!isReply && <TextField id="discussion-title" label="Title" required autoFocus {...form.text('title')} />}
      <TextField
        id="discussion-content"
        label={isReply ? 'Your Reply' : 'Content'}
        required
        autoFocus={isReply}
        multiline
        minRows={4}
        {...form.text('content')}
      />
    </FormDialog>
  );
}
