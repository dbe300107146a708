'use client';

import { useTranslations } from 'next-intl';
import type { FieldControlProps } from '@/components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { Markdown } from './markdown';

/** Markdown source with a rendered preview on a second tab. */
export function MarkdownInput({
  value,
  onChange,
  disabled,
  ...control
}: FieldControlProps & { disabled?: boolean; value: string; onChange: (v: string) => void }) {
  const t = useTranslations('ItemEditor');
  return (
    <Tabs defaultValue="write" className="flex flex-col gap-2">
      <TabsList className="self-start" aria-label={t('markdownMode')}>
        <TabsTrigger value="write">{t('write')}</TabsTrigger>
        <TabsTrigger value="preview">{t('preview')}</TabsTrigger>
      </TabsList>
      <TabsContent value="write">
        <Textarea
          {...control}
          disabled={disabled}
          rows={8}
          className="font-mono text-sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </TabsContent>
      <TabsContent value="preview" className="min-h-32 rounded-md border bg-card p-3">
        {value.trim() ? (
          <Markdown source={value} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('nothingToPreview')}</p>
        )}
      </TabsContent>
    </Tabs>
  );
}
