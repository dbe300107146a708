'use client';

import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ApiFieldError } from '@/lib/client/fetcher';
import { fieldErrorsOf } from '@/lib/client/field-errors';
import { useErrorMessage } from './use-error-message';

export interface FormErrors {
  /** The translated reason plus the server's own words, for the alert above the form. */
  general: string | null;
  /** The message per form field, from the fields the server named as data. */
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { general: null, fields: {} };

export interface SaveMessages<V, R> {
  /** The success toast's title; null (or a function returning null) shows none. */
  saved: string | null | ((vars: V, data: R) => string | null);
  /**
   * The failure toast's title; the description is the server's message. null: no failure
   * toast, for a form that shows the reason itself and where a toast would say it twice.
   */
  failed?: string | null;
  /**
   * The form shows `message` in its own alert: the failure toast then gives only its title,
   * so the server's words appear once on the page.
   */
  inline?: boolean;
  /** The toast when the form's own checks fail and nothing is sent. */
  invalid?: string;
  /** The studio's own words for a field problem the server named; else its message. */
  wording?: (problem: ApiFieldError) => string | undefined;
  /** The failure toast's description instead of the server's message (a known refusal). */
  describe?: (error: unknown, message: string) => string;
  /** Adjusts the per-field messages (a uniqueness refusal names the field...). */
  mapFields?: (fields: Record<string, string>, error: unknown) => Record<string, string>;
}

export interface SaveOptions<R> {
  /** Problems the form found itself; when any is set, nothing is sent. */
  clientErrors?: Record<string, string | undefined>;
  onSuccess?: (data: R) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

/**
 * The studio's one way to save and tell the user: run the mutation, toast how it went, map
 * the server's field errors onto the form and keep its message for the form's alert. The
 * mutation's promise settles even when the form unmounted meanwhile (a dialog that closed),
 * so the toast is never lost; the caller's own follow-ups run only while it is mounted.
 */
export function useSave<V, R>(
  mutation: UseMutationResult<R, Error, V>,
  messages: SaveMessages<V, R>,
) {
  const common = useTranslations('Common');
  const errorMessage = useErrorMessage();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  // The caller's follow-ups (close, navigate) only make sense while its form is on screen.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Shows the form's own findings; true when there are none and the save may go ahead. */
  function check(clientErrors: Record<string, string | undefined> = {}): boolean {
    const found = Object.fromEntries(
      Object.entries(clientErrors).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    setErrors({ general: null, fields: found });
    if (!Object.keys(found).length) return true;
    if (messages.invalid) toast({ title: messages.invalid, variant: 'error' });
    return false;
  }

  /**
   * Saves and reports; the promise settles after the toast, even when the form unmounted,
   * so a follow-up that must happen anyway (leaving a deleted collection) chains on it.
   */
  function mutateAsync(vars: V): Promise<R> {
    setErrors(NO_ERRORS);
    return mutation.mutateAsync(vars).then(
      (data) => {
        const title =
          typeof messages.saved === 'function' ? messages.saved(vars, data) : messages.saved;
        if (title) toast({ title, variant: 'success' });
        return data;
      },
      (error: unknown) => {
        const fields = fieldErrorsOf(error, messages.wording);
        const general = errorMessage(error);
        setErrors({ general, fields: messages.mapFields?.(fields, error) ?? fields });
        if (messages.failed === null) throw error;
        toast({
          title: messages.failed ?? common('saveFailed'),
          description: messages.inline
            ? undefined
            : (messages.describe?.(error, general) ?? general),
          variant: 'error',
        });
        throw error;
      },
    );
  }

  function mutate(vars: V, options: SaveOptions<R> = {}): void {
    if (!check(options.clientErrors)) return;
    mutateAsync(vars)
      .then(
        (data) => {
          if (mounted.current) options.onSuccess?.(data);
        },
        (error: unknown) => {
          if (mounted.current) options.onError?.(error);
        },
      )
      .finally(() => {
        if (mounted.current) options.onSettled?.();
      });
  }

  /** Drops one field's message: the person changed that field since. */
  function clearField(name: string) {
    setErrors((prev) => {
      if (!(name in prev.fields)) return prev;
      const { [name]: _dropped, ...rest } = prev.fields;
      return { ...prev, fields: rest };
    });
  }

  function reset() {
    setErrors(NO_ERRORS);
    mutation.reset();
  }

  return {
    mutate,
    mutateAsync,
    check,
    clearField,
    reset,
    errors,
    /** The summary for the form's alert, null while nothing failed. */
    message: errors.general,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    isError: mutation.isError,
    variables: mutation.variables,
    error: mutation.error,
    data: mutation.data,
  };
}

export type Save<V, R> = ReturnType<typeof useSave<V, R>>;
