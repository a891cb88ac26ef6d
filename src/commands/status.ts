export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('avatop status: not built yet\n');
  return 1;
}
