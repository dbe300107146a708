import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';
import { itemsQuerySchema as query } from '@/lib/items/parse';
import { commentParams as params, comments, updateCommentBody } from '@/lib/system/comments';

const tags = ['Comments'];

export const GET = route({ params, query, summary: 'One comment', tags }, comments.readOne);
export const PATCH = route(
  { params, query, body: updateCommentBody, summary: 'Change own comment', tags },
  comments.update,
);
export const DELETE = route(
  { params, status: 204, summary: 'Delete own comment', tags },
  comments.remove,
);
export const OPTIONS = preflight;
