export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('avatop: the interactive monitor is not built yet\n');
  return 1;
}
