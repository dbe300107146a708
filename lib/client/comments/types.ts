/** Who wrote or changed a comment, as far as the caller may see them. */
export interface CommentUser {
  id: string;
  first_name: string | null;
  last_name: string | null;
}

/** One comment as `GET /api/comments` answers it, with its author's name. */
export interface ItemComment {
  id: string;
  collection: string;
  item: string;
  comment: string;
  date_created: string | null;
  date_updated: string | null;
  /** Null once the author's account is deleted. */
  user_created: CommentUser | null;
}

export interface CommentsPage {
  data: ItemComment[];
  meta: { filter_count: number | null };
}
