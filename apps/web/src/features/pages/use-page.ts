import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/use-locale';
import { pageQuery } from './api';

/** A static page in the current language, with "missing" told apart from "failed". */
export function usePage(slug: string, enabled = true) {
  const locale = useLocale();
  const query = useQuery({ ...pageQuery(slug, locale), enabled });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return {
    page: query.data,
    isLoading: query.isLoading,
    missing,
    failed: query.isError && !missing,
  };
}
