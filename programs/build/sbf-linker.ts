import {
  readElfObject,
  SHF_ALLOC,
  SHF_WRITE,
  SHN_ABS,
  SHN_COMMON,
  SHN_UNDEF,
  SHT_NOBITS,
  SHT_PROGBITS,
  type ElfObject,
  type ObjectSection,
} from './elf-object.js';
import { SBF_SYSCALLS } from './sbf-syscalls.js';
import { verifySbfV0 } from './sbf-verifier.js';

/**
 * Links one relocatable BPF object (clang-19 -target bpf -mcpu=v2) into an SBF v0 shared object, the
 * program format the runtime's BPF loaders accept. `ld.lld` cannot link BPF objects, hence this.
 *
 * Layout (every allocated section has sh_addr == sh_offset, which the deploy path requires):
 *   ELF header | 4 program headers | .text | .rodata | .dynamic | .dynsym | .dynstr | .rel.dyn | .shstrtab | section headers
 *
 * - All `.text*` input merges into `.text`; all `.rodata*` and `.data.rel.ro*` into one `.rodata` (the
 *   loader maps only sections named exactly `.text`, `.rodata`, `.data.rel.ro`, `.eh_frame`).
 * - Data addresses (lddw, 64-bit pointers in rodata) are resolved here to 0x1_0000_0000 + address: the
 *   v0 loader's own data relocations are unusable for data words.
 * - Calls to functions in the object become pc-relative (the loader turns them into hashed keys).
 * - Calls to anything else are syscalls: `call -1` plus an R_BPF_64_32 dynamic relocation against the
 *   name, and only names the runtime resolves at deploy are accepted.
 * - `callx`: clang puts the register in `dst`, the v0 loader reads it from `imm`; rewritten here.
 * - Writable data (.data, .bss, COMMON) is refused: v0 programs have no writable static memory.
 */

const MM_PROGRAM_START = 0x1_0000_0000n;
const R_BPF_64_64 = 1;
const R_BPF_64_ABS64 = 2;
const R_BPF_64_32 = 10;
const ELF_HEADER_SIZE = 64;
const PROGRAM_HEADER_SIZE = 56;
const PROGRAM_HEADER_COUNT = 4;
const STT_FUNC = 2;
const STT_SECTION = 3;

export class SbfLinkError extends Error {}

export interface LinkOptions {
  /** The entry symbol; the loader registers it as `entrypoint` whatever its name. */
  readonly entry?: string;
  readonly syscalls?: ReadonlySet<string>;
}

export interface LinkResult {
  readonly bytes: Uint8Array;
  readonly textSize: number;
  readonly rodataSize: number;
  readonly syscalls: readonly string[];
}

const align = (value: number, to: number): number => Math.ceil(value / to) * to;

function isText(s: ObjectSection): boolean {
  return s.type === SHT_PROGBITS && (s.flags & BigInt(SHF_ALLOC)) !== 0n && (s.name === '.text' || s.name.startsWith('.text.'));
}
function isReadOnlyData(s: ObjectSection): boolean {
  return s.type === SHT_PROGBITS && (s.flags & BigInt(SHF_ALLOC)) !== 0n && /^\.(rodata|data\.rel\.ro)(\.|$)/.test(s.name);
}
function isWritableData(s: ObjectSection): boolean {
  if (s.size === 0) return false;
  if (/^\.bss(\.|$)/.test(s.name) || s.type === SHT_NOBITS) return (s.flags & BigInt(SHF_ALLOC)) !== 0n;
  return /^\.data(\.|$)/.test(s.name) && !isReadOnlyData(s) && (s.flags & BigInt(SHF_ALLOC | SHF_WRITE)) !== 0n;
}

export function linkSbfV0(objectBytes: Uint8Array, options: LinkOptions = {}): LinkResult {
  const object: ElfObject = readElfObject(objectBytes);
  const allowed = options.syscalls ?? SBF_SYSCALLS;
  const entryName = options.entry ?? 'entrypoint';

  const writable = object.sections.filter(isWritableData);
  if (writable.length > 0) {
    throw new SbfLinkError(
      `writable static data is not allowed in an SBF v0 program: ${writable.map((s) => `${s.name} (${s.size} bytes)`).join(', ')}; make it const or keep it on the stack`,
    );
  }
  const common = object.symbols.filter((s) => s.sectionIndex === SHN_COMMON);
  if (common.length > 0) throw new SbfLinkError(`writable common symbols are not allowed: ${common.map((s) => s.name).join(', ')}`);

  // Layout: addresses equal file offsets.
  const textSections = object.sections.filter(isText);
  const roSections = object.sections.filter(isReadOnlyData);
  if (textSections.length === 0) throw new SbfLinkError('the object has no .text');
  const placed = new Map<number, number>(); // input section index -> output address
  const textStart = align(ELF_HEADER_SIZE + PROGRAM_HEADER_SIZE * PROGRAM_HEADER_COUNT, 8);
  let cursor = textStart;
  for (const s of textSections) {
    cursor = align(cursor, 8);
    placed.set(s.index, cursor);
    cursor += s.size;
  }
  const textEnd = align(cursor, 8);
  cursor = textEnd;
  const rodataStart = cursor;
  for (const s of roSections) {
    cursor = align(cursor, Math.max(1, s.align));
    placed.set(s.index, cursor);
    cursor += s.size;
  }
  const rodataEnd = cursor;

  const image = new Uint8Array(rodataEnd);
  for (const s of [...textSections, ...roSections]) image.set(s.data, placed.get(s.index)!);
  const view = new DataView(image.buffer);

  const symbolAddress = (index: number): number | null => {
    const symbol = object.symbols[index];
    if (!symbol) throw new SbfLinkError(`relocation against missing symbol #${index}`);
    if (symbol.sectionIndex === SHN_UNDEF) return null;
    if (symbol.sectionIndex === SHN_ABS) throw new SbfLinkError(`absolute symbol ${symbol.name} is not supported`);
    const base = placed.get(symbol.sectionIndex);
    if (base === undefined) {
      const section = object.sections[symbol.sectionIndex];
      throw new SbfLinkError(`symbol ${symbol.name || `#${index}`} lives in ${section?.name ?? '?'}, which is not part of the program`);
    }
    return base + Number(symbol.value);
  };
  const inText = (address: number): boolean => address >= textStart && address < textEnd;
  const pcOf = (address: number): number => (address - textStart) / 8;

  const dynamicNames: string[] = [];
  const dynamicRelocations: { offset: number; symbol: number }[] = [];
  for (const [sectionIndex, relocations] of object.relocations) {
    const base = placed.get(sectionIndex);
    if (base === undefined) {
      const section = object.sections[sectionIndex];
      // Relocations of sections we drop (debug info, BTF) do not matter.
      if (section && (section.flags & BigInt(SHF_ALLOC)) !== 0n) throw new SbfLinkError(`relocations for unexpected section ${section.name}`);
      continue;
    }
    for (const relocation of relocations) {
      const at = base + relocation.offset;
      const symbol = object.symbols[relocation.symbol];
      const name = symbol?.name || (symbol?.type === STT_SECTION ? object.sections[symbol.sectionIndex]?.name : undefined) || `#${relocation.symbol}`;
      const target = symbolAddress(relocation.symbol);
      switch (relocation.type) {
        case R_BPF_64_64: {
          if (target === null) throw new SbfLinkError(`lddw of undefined symbol ${name}`);
          if (image[at] !== 0x18) throw new SbfLinkError(`R_BPF_64_64 at 0x${at.toString(16)} is not on an lddw`);
          const value = MM_PROGRAM_START + BigInt(target) + BigInt(view.getUint32(at + 4, true));
          view.setUint32(at + 4, Number(value & 0xffffffffn), true);
          view.setUint32(at + 12, Number(value >> 32n), true);
          break;
        }
        case R_BPF_64_ABS64: {
          if (target === null) throw new SbfLinkError(`pointer to undefined symbol ${name}`);
          view.setBigUint64(at, MM_PROGRAM_START + BigInt(target) + view.getBigUint64(at, true), true);
          break;
        }
        case R_BPF_64_32: {
          if (image[at] !== 0x85) throw new SbfLinkError(`R_BPF_64_32 at 0x${at.toString(16)} is not on a call`);
          if (target === null) {
            if (!allowed.has(name)) {
              throw new SbfLinkError(`call to unknown function or syscall "${name}" (the runtime would refuse it at deploy)`);
            }
            let index = dynamicNames.indexOf(name);
            if (index < 0) index = dynamicNames.push(name) - 1;
            view.setInt32(at + 4, -1, true);
            dynamicRelocations.push({ offset: at, symbol: index + 1 });
          } else {
            const callee = target + (view.getInt32(at + 4, true) + 1) * 8;
            if (!inText(callee)) throw new SbfLinkError(`call to ${name}, which is not code`);
            view.setInt32(at + 4, pcOf(callee) - (pcOf(at) + 1), true);
          }
          break;
        }
        default:
          throw new SbfLinkError(`relocation type ${relocation.type} against ${name} is not supported`);
      }
    }
  }

  // callx: the register moves from dst to imm.
  for (let at = textStart; at < textEnd; at += 8) {
    if (image[at] === 0x8d) view.setInt32(at + 4, image[at + 1]! & 0xf, true);
    if (image[at] === 0x18) at += 8;
  }

  const functionAt = new Map<number, string>();
  for (const symbol of object.symbols) {
    if (symbol.type !== STT_FUNC || symbol.sectionIndex === SHN_UNDEF) continue;
    const address = placed.get(symbol.sectionIndex);
    if (address !== undefined) functionAt.set(pcOf(address + Number(symbol.value)), symbol.name);
  }
  verifySbfV0(image.subarray(textStart, textEnd), (pc) => {
    let best = '';
    let bestPc = -1;
    for (const [start, name] of functionAt) if (start <= pc && start > bestPc) [best, bestPc] = [name, start];
    return best ? `${best}+${pc - bestPc} (pc ${pc})` : `pc ${pc}`;
  });

  const entrySymbol = object.symbols.find((s) => s.name === entryName && s.sectionIndex !== SHN_UNDEF);
  if (!entrySymbol) throw new SbfLinkError(`no ${entryName} function defined`);
  const entry = symbolAddress(object.symbols.indexOf(entrySymbol))!;
  if (!inText(entry)) throw new SbfLinkError(`${entryName} is not in .text`);

  return {
    bytes: writeSharedObject(image.subarray(textStart, textEnd), image.subarray(rodataStart, rodataEnd), textStart, rodataStart, entry, dynamicNames, dynamicRelocations),
    textSize: textEnd - textStart,
    rodataSize: rodataEnd - rodataStart,
    syscalls: dynamicNames,
  };
}

function writeSharedObject(
  text: Uint8Array,
  rodata: Uint8Array,
  textStart: number,
  rodataStart: number,
  entry: number,
  dynamicNames: readonly string[],
  relocations: readonly { offset: number; symbol: number }[],
): Uint8Array {
  const encoder = new TextEncoder();
  const dynstrParts: Uint8Array[] = [new Uint8Array([0])];
  const nameOffsets: number[] = [];
  let dynstrSize = 1;
  for (const name of dynamicNames) {
    nameOffsets.push(dynstrSize);
    const bytes = encoder.encode(name + '\0');
    dynstrParts.push(bytes);
    dynstrSize += bytes.length;
  }
  const hasRelocations = relocations.length > 0;
  const dynamicEntries: [number, number][] = hasRelocations
    ? [[30, 4], [17, 0], [18, relocations.length * 16], [19, 16], [6, 0], [11, 24], [5, 0], [10, dynstrSize], [0, 0]]
    : [[6, 0], [11, 24], [5, 0], [10, dynstrSize], [0, 0]];

  const dynamicAt = align(rodataStart + rodata.length, 8);
  const dynsymAt = dynamicAt + dynamicEntries.length * 16;
  const dynsymSize = (dynamicNames.length + 1) * 24;
  const dynstrAt = dynsymAt + dynsymSize;
  const relAt = align(dynstrAt + dynstrSize, 8);
  const relSize = relocations.length * 16;
  const sectionNames = ['', '.text', '.rodata', '.dynamic', '.dynsym', '.dynstr', '.rel.dyn', '.shstrtab'];
  const shstrOffsets: number[] = [];
  let shstr = '';
  for (const name of sectionNames) {
    shstrOffsets.push(shstr.length);
    shstr += name + '\0';
  }
  const shstrAt = relAt + relSize;
  const shstrBytes = encoder.encode(shstr);
  const sectionHeadersAt = align(shstrAt + shstrBytes.length, 8);
  const fileSize = sectionHeadersAt + sectionNames.length * 64;

  const out = new Uint8Array(fileSize);
  const v = new DataView(out.buffer);
  out.set(text, textStart);
  out.set(rodata, rodataStart);
  for (const [i, [tag, value]] of dynamicEntries.entries()) {
    const resolved = tag === 17 ? relAt : tag === 6 ? dynsymAt : tag === 5 ? dynstrAt : value;
    v.setBigUint64(dynamicAt + i * 16, BigInt(tag), true);
    v.setBigUint64(dynamicAt + i * 16 + 8, BigInt(resolved), true);
  }
  nameOffsets.forEach((nameOffset, i) => {
    const at = dynsymAt + (i + 1) * 24;
    v.setUint32(at, nameOffset, true);
    out[at + 4] = 0x10; // STB_GLOBAL, STT_NOTYPE: an external name
  });
  let at = dynstrAt;
  for (const part of dynstrParts) {
    out.set(part, at);
    at += part.length;
  }
  relocations.forEach(({ offset, symbol }, i) => {
    v.setBigUint64(relAt + i * 16, BigInt(offset), true);
    v.setBigUint64(relAt + i * 16 + 8, (BigInt(symbol) << 32n) | BigInt(R_BPF_64_32), true);
  });
  out.set(shstrBytes, shstrAt);

  // ELF header
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  v.setUint16(16, 3, true); // ET_DYN
  v.setUint16(18, 247, true); // EM_BPF
  v.setUint32(20, 1, true);
  v.setBigUint64(24, BigInt(entry), true);
  v.setBigUint64(32, BigInt(ELF_HEADER_SIZE), true);
  v.setBigUint64(40, BigInt(sectionHeadersAt), true);
  v.setUint32(48, 0, true); // e_flags 0: SBPF v0
  v.setUint16(52, ELF_HEADER_SIZE, true);
  v.setUint16(54, PROGRAM_HEADER_SIZE, true);
  v.setUint16(56, PROGRAM_HEADER_COUNT, true);
  v.setUint16(58, 64, true);
  v.setUint16(60, sectionNames.length, true);
  v.setUint16(62, sectionNames.length - 1, true);

  // Program headers, as lld lays out an SBF v0 object: text, rodata, dynamic tables, PT_DYNAMIC.
  const programHeaders: [number, number, number, number][] = [
    [1, 5, textStart, text.length],
    [1, 4, rodataStart, rodata.length],
    [1, 4, dynsymAt, relAt + relSize - dynsymAt],
    [2, 6, dynamicAt, dynamicEntries.length * 16],
  ];
  programHeaders.forEach(([type, flags, address, size], i) => {
    const p = ELF_HEADER_SIZE + i * PROGRAM_HEADER_SIZE;
    v.setUint32(p, type, true);
    v.setUint32(p + 4, flags, true);
    v.setBigUint64(p + 8, BigInt(address), true);
    v.setBigUint64(p + 16, BigInt(address), true);
    v.setBigUint64(p + 24, BigInt(address), true);
    v.setBigUint64(p + 32, BigInt(size), true);
    v.setBigUint64(p + 40, BigInt(size), true);
    v.setBigUint64(p + 48, 8n, true);
  });

  // Section headers: [name, type, flags, address, offset, size, link, info, align, entsize]
  const sections: [number, number, number, number, number, number, number, number, number, number][] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [shstrOffsets[1]!, 1, 6, textStart, textStart, text.length, 0, 0, 8, 0],
    [shstrOffsets[2]!, 1, 2, rodataStart, rodataStart, rodata.length, 0, 0, 8, 0],
    [shstrOffsets[3]!, 6, 3, dynamicAt, dynamicAt, dynamicEntries.length * 16, 5, 0, 8, 16],
    [shstrOffsets[4]!, 11, 2, dynsymAt, dynsymAt, dynsymSize, 5, 1, 8, 24],
    [shstrOffsets[5]!, 3, 2, dynstrAt, dynstrAt, dynstrSize, 0, 0, 1, 0],
    [shstrOffsets[6]!, 9, 2, relAt, relAt, relSize, 4, 0, 8, 16],
    [shstrOffsets[7]!, 3, 0, 0, shstrAt, shstrBytes.length, 0, 0, 1, 0],
  ];
  sections.forEach((fields, i) => {
    const p = sectionHeadersAt + i * 64;
    v.setUint32(p, fields[0], true);
    v.setUint32(p + 4, fields[1], true);
    v.setBigUint64(p + 8, BigInt(fields[2]), true);
    v.setBigUint64(p + 16, BigInt(fields[3]), true);
    v.setBigUint64(p + 24, BigInt(fields[4]), true);
    v.setBigUint64(p + 32, BigInt(fields[5]), true);
    v.setUint32(p + 40, fields[6], true);
    v.setUint32(p + 44, fields[7], true);
    v.setBigUint64(p + 48, BigInt(fields[8]), true);
    v.setBigUint64(p + 56, BigInt(fields[9]), true);
  });
  return out;
}
