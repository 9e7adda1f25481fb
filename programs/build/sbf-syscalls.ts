/**
 * Syscall names a program may call: those the runtime resolves when a program is deployed through the
 * upgradeable loader (checked against LiteSVM 1.5's deploy path). A name outside this list is refused at
 * link time, because a direct load would accept it and the program would fail only when it runs.
 * Left out on purpose: sol_alloc_free_ (never available at deploy), sol_blake3, sol_get_fees_sysvar,
 * sol_big_mod_exp and sol_remaining_compute_units (rejected by the deploy path here).
 */
export const SBF_SYSCALLS: ReadonlySet<string> = new Set([
  'abort',
  'sol_panic_',
  'sol_log_',
  'sol_log_64_',
  'sol_log_pubkey',
  'sol_log_compute_units_',
  'sol_log_data',
  'sol_create_program_address',
  'sol_try_find_program_address',
  'sol_sha256',
  'sol_keccak256',
  'sol_secp256k1_recover',
  'sol_get_clock_sysvar',
  'sol_get_epoch_schedule_sysvar',
  'sol_get_rent_sysvar',
  'sol_get_epoch_rewards_sysvar',
  'sol_get_last_restart_slot',
  'sol_get_sysvar',
  'sol_get_epoch_stake',
  'sol_memcpy_',
  'sol_memmove_',
  'sol_memset_',
  'sol_memcmp_',
  'sol_get_processed_sibling_instruction',
  'sol_get_stack_height',
  'sol_set_return_data',
  'sol_get_return_data',
  'sol_invoke_signed_c',
  'sol_invoke_signed_rust',
  'sol_curve_validate_point',
  'sol_curve_group_op',
  'sol_curve_multiscalar_mul',
  'sol_alt_bn128_group_op',
  'sol_alt_bn128_compression',
  'sol_poseidon',
]);
