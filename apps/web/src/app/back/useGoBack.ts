import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Goes back one step, or to the highlights when the app was opened on this page. */
export function useGoBack(fallback = '/highlights'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
