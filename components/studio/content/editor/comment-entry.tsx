'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/studio/kit/confirm-dialog';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCommentDeleteMutation } from '@/lib/client/comments/comment-delete-mutation';
import { useCommentUpdateMutation } from '@/lib/client/comments/comment-update-mutation';
import type { ItemComment } from '@/lib/client/comments/types';

/** The author as people know them: their name, else a word for "someone". */
export function authorName(c: ItemComment, unknown: string): string {
  const u = c.user_created;
  const name = [u?.first_name, u?.last_name].filter(Boolean).join(' ').trim();
  return name || unknown;
}

/** One comment: who, when, what; its author (or an administrator) may edit or delete it. */
export function CommentEntry({
  comment,
  mayChange,
  now,
}: {
  comment: ItemComment;
  mayChange: boolean;
  now: Date;
}) {
  const t = useTranslations('ItemComments');
  const format = useFormatter();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.comment);
  const update = useSave(useCommentUpdateMutation(comment.collection, comment.item), {
    saved: t('updated'),
    failed: t('updateFailed'),
  });
  // The confirmation shows a failure itself: the toast says only that it worked.
  const remove = useSave(useCommentDeleteMutation(comment.collection, comment.item), {
    saved: t('deleted'),
    failed: t('deleteFailed'),
    inline: true,
  });
  const author = authorName(comment, t('unknownUser'));
  const created = comment.date_created ? new Date(comment.date_created) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!text.trim()) return;
    update.mutate({ id: comment.id, comment: text }, { onSuccess: () => setEditing(false) });
  };

  return (
    <article aria-label={t('by', { author })} className="flex flex-col gap-1.5 px-3 py-3 text-sm">
      <header className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{author}</span>
        {created && (
          <time
            dateTime={created.toISOString()}
            title={format.dateTime(created, { dateStyle: 'medium', timeStyle: 'short' })}
            className="text-xs text-muted-foreground"
          >
            {/* A comment newer than the list's clock reads "now", never "in 3 seconds". */}
            {format.relativeTime(created < now ? created : now, now)}
          </time>
        )}
        {comment.date_updated && (
          <span className="text-xs text-muted-foreground">{t('edited')}</span>
        )}
        {mayChange && !editing && (
          <span className="ml-auto flex gap-1">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('edit', { author })}
              onClick={() => {
                setText(comment.comment);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden />
            </Button>
            <ConfirmDialog
              title={t('deleteTitle')}
              description={t('deleteDescription')}
              onConfirm={() => remove.mutateAsync(comment.id)}
              trigger={
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={t('delete', { author })}
                >
                  <Trash2 aria-hidden />
                </Button>
              }
            />
          </span>
        )}
      </header>
      {editing ? (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <Textarea
            aria-label={t('editLabel')}
            value={text}
            rows={3}
            maxLength={20_000}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!text.trim() || update.isPending}>
              {t('saveEdit')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="break-words whitespace-pre-wrap">{comment.comment}</p>
      )}
    </article>
  );
}
