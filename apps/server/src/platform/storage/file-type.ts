/**
 * What a file is, read from its bytes whatever its name or declared type (file-type's extension
 * and MIME type), or undefined when they match no known format. file-type is loaded at the first
 * upload: a server that takes none keeps its ~1.6 MB of modules out of the heap.
 */
export async function fileTypeOf(bytes: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(bytes).catch(() => undefined);
}
