import { preflight } from '@/lib/http/cors';
import { listReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { itemsQuerySchema as query } from '@/lib/items/parse';
import { comments, createCommentBody } from '@/lib/system/comments';

const tags = ['Comments'];

export const GET = route({ query, summary: 'List comments', tags }, async (input, ctx) =>
  listReply(await comments.list(input, ctx)),
);
export const POST = route(
  { query, body: createCommentBody, status: 201, summary: 'Comment on an item', tags },
  comments.create,
);
export const OPTIONS = preflight;
