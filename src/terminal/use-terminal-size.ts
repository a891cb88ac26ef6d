import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface Size {
  readonly columns: number;
  readonly rows: number;
}

/** The terminal's size, following resizes. Test renderers without rows get a 100x30 default. */
export function useTerminalSize(override?: Size): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({ columns: stdout.columns || 100, rows: stdout.rows || 30 });
  const [size, setSize] = useState<Size>(read);
  useEffect(() => {
    if (override) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout, override]);
  return override ?? size;
}
