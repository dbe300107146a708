export { FIELD_TYPES, type FieldType } from '@/lib/core/schema-overview';

export interface ColumnInfo {
  table: string;
  name: string;
  dataType: string;
  defaultValue: string | number | boolean | null;
  maxLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  isNullable: boolean;
  isUnique: boolean;
  isPrimaryKey: boolean;
  hasAutoIncrement: boolean;
  isGenerated: boolean;
  hasIndex: boolean;
  foreignKeyTable: string | null;
  foreignKeyColumn: string | null;
  comment: string | null;
}

export interface TableInfo {
  name: string;
  schema: string;
  type: 'table' | 'view';
  comment: string | null;
}

export interface ForeignKeyInfo {
  table: string;
  column: string;
  foreignKeyTable: string;
  foreignKeyColumn: string;
  constraintName: string;
  onUpdate: string;
  onDelete: string;
}

export interface IndexInfo {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
}

export interface DatabaseSchema {
  tables: TableInfo[];
  columns: ColumnInfo[];
  foreignKeys: ForeignKeyInfo[];
  indexes: IndexInfo[];
}
