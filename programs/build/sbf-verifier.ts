/**
 * The SBPF v0 instruction rules, checked at link time so that a bad program fails the build with a
 * named instruction instead of failing a deploy (or, worse, loading and misbehaving): the opcode set,
 * lddw pairs, jump targets, register use and immediate ranges, as the runtime's verifier enforces them,
 * plus `off == 0` on ALU instructions (newer eBPF encodes signed division there; v0 would silently run
 * it unsigned).
 */

// prettier-ignore
const V0_OPCODES = new Set([
  0x18,
  0x61, 0x69, 0x71, 0x79,
  0x62, 0x6a, 0x72, 0x7a,
  0x63, 0x6b, 0x73, 0x7b,
  0x04, 0x0c, 0x14, 0x1c, 0x24, 0x2c, 0x34, 0x3c, 0x44, 0x4c, 0x54, 0x5c, 0x64, 0x6c, 0x74, 0x7c,
  0x84, 0x94, 0x9c, 0xa4, 0xac, 0xb4, 0xbc, 0xc4, 0xcc, 0xd4, 0xdc,
  0x07, 0x0f, 0x17, 0x1f, 0x27, 0x2f, 0x37, 0x3f, 0x47, 0x4f, 0x57, 0x5f, 0x67, 0x6f, 0x77, 0x7f,
  0x87, 0x97, 0x9f, 0xa7, 0xaf, 0xb7, 0xbf, 0xc7, 0xcf,
  0x05, 0x15, 0x1d, 0x25, 0x2d, 0x35, 0x3d, 0x45, 0x4d, 0x55, 0x5d, 0x65, 0x6d, 0x75, 0x7d,
  0xa5, 0xad, 0xb5, 0xbd, 0xc5, 0xcd, 0xd5, 0xdd,
  0x85, 0x8d, 0x95,
]);

const CLASS_ST = 0x02;
const CLASS_STX = 0x03;
const CLASS_ALU = 0x04;
const CLASS_JMP = 0x05;
const CLASS_ALU64 = 0x07;

export class SbfVerifyError extends Error {}

/** Throws naming the first instruction (by pc and, when known, function) that breaks a v0 rule. */
export function verifySbfV0(text: Uint8Array, nameOf: (pc: number) => string = (pc) => `pc ${pc}`): void {
  if (text.length === 0 || text.length % 8 !== 0) throw new SbfVerifyError(`.text is ${text.length} bytes, not a non-empty multiple of 8`);
  const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
  const count = text.length / 8;
  const fail = (pc: number, why: string): never => {
    const bytes = Array.from(text.subarray(pc * 8, pc * 8 + 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new SbfVerifyError(`${nameOf(pc)}: ${why} [${bytes}]`);
  };
  for (let pc = 0; pc < count; pc++) {
    const at = pc * 8;
    const opcode = text[at]!;
    const dst = text[at + 1]! & 0xf;
    const src = text[at + 1]! >> 4;
    const off = view.getInt16(at + 2, true);
    const imm = view.getInt32(at + 4, true);
    if (!V0_OPCODES.has(opcode)) fail(pc, `opcode 0x${opcode.toString(16)} is not in the SBPF v0 instruction set`);
    if (src > 10) fail(pc, `source register r${src} does not exist`);
    const cls = opcode & 0x07;
    const isStore = cls === CLASS_ST || cls === CLASS_STX;
    if (dst === 10 && !isStore && opcode !== 0x85 && opcode !== 0x95) fail(pc, 'writes r10 (the frame pointer is read-only)');
    if (dst > 10) fail(pc, `destination register r${dst} does not exist`);
    if ((cls === CLASS_ALU || cls === CLASS_ALU64) && off !== 0) fail(pc, 'ALU instruction with a non-zero offset (signed division or sign-extending move, not in v0)');
    switch (opcode) {
      case 0x18: {
        if (pc + 1 >= count) fail(pc, 'lddw is the last instruction');
        if (text[at + 8] !== 0) fail(pc, 'lddw second slot is not opcode 0');
        pc++;
        continue;
      }
      case 0x34:
      case 0x94:
      case 0x37:
      case 0x97:
        if (imm === 0) fail(pc, 'division by immediate zero');
        break;
      case 0x64:
      case 0x74:
      case 0xc4:
        if (imm < 0 || imm >= 32) fail(pc, `32-bit shift by ${imm}`);
        break;
      case 0x67:
      case 0x77:
      case 0xc7:
        if (imm < 0 || imm >= 64) fail(pc, `64-bit shift by ${imm}`);
        break;
      case 0xd4:
      case 0xdc:
        if (imm !== 16 && imm !== 32 && imm !== 64) fail(pc, `byte swap width ${imm}`);
        break;
      case 0x8d:
        if (imm < 0 || imm > 9) fail(pc, `callx register r${imm}`);
        break;
      default:
        break;
    }
    if (cls === CLASS_JMP && opcode !== 0x85 && opcode !== 0x8d && opcode !== 0x95) {
      const target = pc + 1 + off;
      if (target < 0 || target >= count) fail(pc, `jump to ${target}, outside the program`);
      if (text[target * 8] === 0) fail(pc, `jump into the middle of an lddw at ${target}`);
    }
  }
}
