/** A row of daas_files as the API answers it (the fields the studio asks for). */
export interface FileItem {
  id: string;
  title: string | null;
  description: string | null;
  filename_download: string;
  type: string | null;
  filesize: number | string | null;
  width: number | null;
  height: number | null;
  folder: string | null;
  tags: string[] | null;
  uploaded_on: string | null;
  modified_on: string | null;
}

export interface Folder {
  id: string;
  name: string;
  parent: string | null;
}

export interface FileListParams {
  /** A folder, null for the top level, undefined for every folder. */
  folder: string | null | undefined;
  search: string;
  page: number;
  pageSize: number;
  sort: string;
}

export const FILE_FIELDS = [
  'id',
  'title',
  'description',
  'filename_download',
  'type',
  'filesize',
  'width',
  'height',
  'folder',
  'tags',
  'uploaded_on',
  'modified_on',
] as const;
