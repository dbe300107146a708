'use client';

import { MessageSquare } from 'lucide-react';
import { useNow, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { LoadingState, QueryState } from '@/components/studio/kit/data-state';
import { Pagination } from '@/components/studio/kit/pagination';
import { useSave } from '@/components/studio/kit/use-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useMeQuery } from '@/lib/client/auth/me-query';
import { useCommentCreateMutation } from '@/lib/client/comments/comment-create-mutation';
import { COMMENTS_PAGE, useCommentsQuery } from '@/lib/client/comments/comments-query';
import { CommentEntry } from './comment-entry';

/**
 * An item's comments, beside its history: newest first, paged by the server. Anyone who may
 * read the item comments on it; authors change their own, administrators any.
 */
export function ItemComments({
  open,
  onOpenChange,
  collection,
  itemKey,
  admin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collection: string;
  itemKey: string;
  admin: boolean;
}) {
  const t = useTranslations('ItemComments');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const comments = useCommentsQuery(collection, itemKey, page, open);
  const me = useMeQuery().data;
  const create = useSave(useCommentCreateMutation(collection, itemKey), {
    saved: t('added'),
    failed: t('addFailed'),
  });
  // One "now" for the whole list so relative times agree; it moves on each minute.
  const now = useNow({ updateInterval: 60_000 });
  const rows = comments.data?.data;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    // The drawer renders in a portal: its submit must not reach the item form.
    e?.stopPropagation();
    if (!text.trim() || create.isPending) return;
    create.mutate(text, {
      onSuccess: () => {
        setText('');
        setPage(1);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 right-0 left-auto flex h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 flex-col overflow-y-auto rounded-none sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-2">
          <Textarea
            aria-label={t('newLabel')}
            placeholder={t('placeholder')}
            value={text}
            rows={3}
            maxLength={20_000}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          />
          <Button
            type="submit"
            size="sm"
            className="self-end"
            disabled={!text.trim() || create.isPending}
          >
            {t('add')}
          </Button>
        </form>
        <QueryState
          query={comments}
          isEmpty={(data) => data.data.length === 0}
          loading={
            <LoadingState>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </LoadingState>
          }
          empty={<p className="text-sm text-muted-foreground">{t('empty')}</p>}
        >
          {(data) => (
            <ol aria-label={t('title')} className="divide-y rounded-md border">
              {data.data.map((c) => (
                <li key={c.id}>
                  <CommentEntry
                    comment={c}
                    now={now}
                    mayChange={admin || (me !== undefined && c.user_created?.id === me.id)}
                  />
                </li>
              ))}
            </ol>
          )}
        </QueryState>
        <Pagination
          page={page}
          pageSize={COMMENTS_PAGE}
          total={comments.data?.meta.filter_count ?? null}
          pageRows={rows?.length}
          onPageChange={setPage}
          disabled={comments.isFetching}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The toolbar's "Comments" button and the drawer it opens. */
export function CommentsButton(props: { collection: string; itemKey: string; admin: boolean }) {
  const t = useTranslations('ItemComments');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageSquare aria-hidden />
        {t('open')}
      </Button>
      <ItemComments open={open} onOpenChange={setOpen} {...props} />
    </>
  );
}
