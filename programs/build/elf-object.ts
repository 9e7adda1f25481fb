/**
 * A reader for the relocatable ELF64 objects clang emits for `-target bpf`: sections, symbols and
 * relocations, as plain data for the linker. Only what the linker needs; anything malformed throws.
 */

export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;
export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHN_UNDEF = 0;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;

export interface ObjectSection {
  readonly index: number;
  readonly name: string;
  readonly type: number;
  readonly flags: bigint;
  readonly offset: number;
  readonly size: number;
  readonly link: number;
  readonly info: number;
  readonly align: number;
  readonly data: Uint8Array;
}

export interface ObjectSymbol {
  readonly name: string;
  readonly bind: number;
  readonly type: number;
  readonly sectionIndex: number;
  readonly value: bigint;
  readonly size: bigint;
}

export interface ObjectRelocation {
  /** Offset inside the section the relocations apply to. */
  readonly offset: number;
  readonly type: number;
  readonly symbol: number;
}

export interface ElfObject {
  readonly sections: readonly ObjectSection[];
  readonly symbols: readonly ObjectSymbol[];
  /** Relocations by the index of the section they patch. */
  readonly relocations: ReadonlyMap<number, readonly ObjectRelocation[]>;
}

function cString(bytes: Uint8Array, at: number): string {
  let end = at;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(at, end));
}

export function readElfObject(bytes: Uint8Array): ElfObject {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 64 || view.getUint32(0, false) !== 0x7f454c46) throw new Error('not an ELF file');
  if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error('not a little-endian ELF64 object');
  const type = view.getUint16(16, true);
  const machine = view.getUint16(18, true);
  if (type !== 1) throw new Error(`ELF type ${type} is not a relocatable object (1)`);
  if (machine !== 247) throw new Error(`ELF machine ${machine} is not BPF (247)`);
  const shoff = Number(view.getBigUint64(40, true));
  const shentsize = view.getUint16(58, true);
  const shnum = view.getUint16(60, true);
  const shstrndx = view.getUint16(62, true);
  if (shentsize !== 64 || shoff + shnum * 64 > bytes.length) throw new Error('section header table out of bounds');

  const raw = Array.from({ length: shnum }, (_, index) => {
    const at = shoff + index * 64;
    const offset = Number(view.getBigUint64(at + 24, true));
    const size = Number(view.getBigUint64(at + 32, true));
    const sectionType = view.getUint32(at + 4, true);
    if (sectionType !== SHT_NOBITS && offset + size > bytes.length) throw new Error(`section ${index} out of bounds`);
    return {
      index,
      nameOffset: view.getUint32(at, true),
      type: sectionType,
      flags: view.getBigUint64(at + 8, true),
      offset,
      size,
      link: view.getUint32(at + 40, true),
      info: view.getUint32(at + 44, true),
      align: Number(view.getBigUint64(at + 48, true)),
      data: sectionType === SHT_NOBITS ? new Uint8Array(size) : bytes.subarray(offset, offset + size),
    };
  });
  const names = raw[shstrndx];
  if (!names) throw new Error('no section name table');
  const sections: ObjectSection[] = raw.map(({ nameOffset, ...s }) => ({ ...s, name: cString(names.data, nameOffset) }));

  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  const symbols: ObjectSymbol[] = [];
  if (symtab) {
    const strtab = sections[symtab.link];
    if (!strtab) throw new Error('symbol table without string table');
    const sv = new DataView(symtab.data.buffer, symtab.data.byteOffset, symtab.data.byteLength);
    for (let at = 0; at + 24 <= symtab.size; at += 24) {
      const info = sv.getUint8(at + 4);
      symbols.push({
        name: cString(strtab.data, sv.getUint32(at, true)),
        bind: info >> 4,
        type: info & 0xf,
        sectionIndex: sv.getUint16(at + 6, true),
        value: sv.getBigUint64(at + 8, true),
        size: sv.getBigUint64(at + 16, true),
      });
    }
  }

  const relocations = new Map<number, ObjectRelocation[]>();
  for (const section of sections) {
    if (section.type !== SHT_REL) continue;
    const rv = new DataView(section.data.buffer, section.data.byteOffset, section.data.byteLength);
    const list: ObjectRelocation[] = [];
    for (let at = 0; at + 16 <= section.size; at += 16) {
      const info = rv.getBigUint64(at + 8, true);
      list.push({ offset: Number(rv.getBigUint64(at, true)), type: Number(info & 0xffffffffn), symbol: Number(info >> 32n) });
    }
    relocations.set(section.info, list);
  }
  return { sections, symbols, relocations };
}
