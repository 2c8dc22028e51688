import { useEffect, useState } from 'react';
import { nextToolbarScroll, type ToolbarScroll } from './toolbarVisibility';

/** Follows the window's scroll position and answers whether the toolbar shows. */
export function useToolbarVisibility(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let state: ToolbarScroll = { visible: true, lastY: window.scrollY };
    const handleScroll = () => {
      state = nextToolbarScroll(state, window.scrollY);
      setVisible(state.visible);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  return visible;
}
