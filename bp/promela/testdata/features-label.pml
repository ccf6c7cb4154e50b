/* Promela model of testdata/features.bp, written by bopgo export --format promela.
   Property: label ERROR is unreachable. Thread bound: 3 live threads.
   Check with: spin -a FILE && gcc -DSAFETY -o pan pan.c && ./pan -E */

#define bp_can_start (bp_live < 3 && _nr_pr < 255)
#ifdef BP_BOUND_SILENT
#define bp_suppressed skip
#else
#define bp_suppressed assert(bp_can_start)
#endif

bit g_g;
bit g_h_1;
byte bp_live = 1; /* live threads */
byte bp_holder; /* _pid+1 of the thread in an atomic section, 0 if none */
hidden byte bp_c[2]; /* the choices of one step */
hidden byte bp_t[3]; /* new values within one step */

#define bp_step_p_main(pc, next, taken) printf("@bp step %d 0 %d %d %d l=%d%d%d\n", _pid, pc, next, taken, t_tl, l_main_y, l_main_z)
#define bp_head_p_main(pc, next, taken) printf("@bp step %d 0 %d %d %d l=%d%d%d", _pid, pc, next, taken, t_tl, l_main_y, l_main_z)
proctype p_main(byte bp_pc; bit t_tl; bit l_main_y; bit l_main_z)
{
	atomic { if :: bp_pc == 0 -> bp_pc = 0; goto S0 :: bp_pc == 7 -> bp_pc = 0; goto S7 fi };
S0: /* testdata/features.bp:17:3: decl y, z; */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_step_p_main(0, 1, -1); goto S1 };
S1: /* testdata/features.bp:18:3: h$1 := T */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); g_h_1 = 1; bp_head_p_main(1, 2, -1); printf(" g1=%d\n", g_h_1); goto S2 };
S2: /* testdata/features.bp:19:3: y, z := *, * constrain 'y | 'z */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_c[0] = 0 :: bp_c[0] = 1 fi; if :: bp_c[1] = 0 :: bp_c[1] = 1 fi; if :: (bp_c[0] || bp_c[1]) :: else -> goto S2 fi; l_main_y = bp_c[0]; l_main_z = bp_c[1]; bp_step_p_main(2, 3, -1); goto S3 };
S3: /* testdata/features.bp:20:3: start_thread worker(y) */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_can_start -> bp_live++; run p_worker(0, l_main_y, 0); printf("@bp start %d 1 0 l=%d%d%d\n", _nr_pr - 1, 0, l_main_y, 0) :: else -> bp_suppressed fi; bp_step_p_main(3, 4, -1); goto S4 };
S4: /* testdata/features.bp:21:3: start_thread goto L */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_can_start -> bp_live++; run p_main(7, 0, l_main_y, 0); printf("@bp start %d 0 7 l=%d%d%d\n", _nr_pr - 1, 0, l_main_y, 0) :: else -> bp_suppressed fi; t_tl = 0; bp_step_p_main(4, 5, -1); goto S5 };
S5: /* testdata/features.bp:22:3: assume(schoose[y, z]) */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_c[0] = 0 :: bp_c[0] = 1 fi; if :: (l_main_y || (!l_main_z && bp_c[0])) :: else -> goto S5 fi; l_main_z = 0; bp_step_p_main(5, 6, -1); goto S6 };
S6: /* testdata/features.bp:23:3: goto L, M */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_step_p_main(6, 7, -1); goto S7 :: l_main_y = 0; bp_step_p_main(6, 8, -1); goto S8 fi };
S7: /* testdata/features.bp:24:4: assert(!g | y) */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); l_main_y = 0; bp_step_p_main(7, 8, -1); goto S8 };
S8: /* testdata/features.bp:25:4: end_thread */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_live--; bp_holder = 0; bp_head_p_main(8, -1, -1); printf(" h=%d\n", bp_holder); goto bp_end };
S9: /* testdata/features.bp:26:1: end of main */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_live--; bp_holder = 0; bp_head_p_main(9, -1, -1); printf(" h=%d\n", bp_holder); goto bp_end };
bp_end:
	skip
}

#define bp_step_p_worker(pc, next, taken) printf("@bp step %d 1 %d %d %d l=%d%d%d\n", _pid, pc, next, taken, t_tl, l_worker_a, l_worker_x)
#define bp_head_p_worker(pc, next, taken) printf("@bp step %d 1 %d %d %d l=%d%d%d", _pid, pc, next, taken, t_tl, l_worker_a, l_worker_x)
proctype p_worker(bit t_tl; bit l_worker_a; bit l_worker_x)
{
S0: /* testdata/features.bp:6:3: decl x; */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_step_p_worker(0, 1, -1); goto S1 };
S1: /* testdata/features.bp:7:3: x := a ^ g */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); l_worker_x = (l_worker_a ^ g_g); l_worker_a = 0; bp_step_p_worker(1, 2, -1); goto S2 };
S2: /* testdata/features.bp:8:3: atomic_begin */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_holder = _pid + 1; bp_head_p_worker(2, 3, -1); printf(" h=%d\n", bp_holder); goto S3 };
S3: /* testdata/features.bp:9:3: g, h$1 := x, g constrain 'g != h$1 */
	atomic { ((bp_holder == 0 || bp_holder == _pid + 1) && (l_worker_x ^ g_h_1)); bp_t[0] = l_worker_x; bp_t[1] = g_g; g_g = bp_t[0]; g_h_1 = bp_t[1]; l_worker_x = 0; bp_head_p_worker(3, 4, -1); printf(" g0=%d g1=%d\n", g_g, g_h_1); goto S4 };
S4: /* testdata/features.bp:10:3: atomic_end */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_holder = 0; bp_head_p_worker(4, 5, -1); printf(" h=%d\n", bp_holder); goto S5 };
S5: /* testdata/features.bp:11:3: if * */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); if :: bp_c[0] = 0 :: bp_c[0] = 1 fi; if :: bp_c[0] -> bp_step_p_worker(5, 6, 1); goto S6 :: else -> bp_step_p_worker(5, 7, 0); goto S7 fi };
S6: /* testdata/features.bp:12:12: skip */
	atomic { printf("@bp label %d 1 6\n", _pid); assert(false); goto bp_end };
S7: /* testdata/features.bp:14:1: end of worker */
	atomic { (bp_holder == 0 || bp_holder == _pid + 1); bp_live--; bp_holder = 0; bp_head_p_worker(7, -1, -1); printf(" h=%d\n", bp_holder); goto bp_end };
bp_end:
	skip
}

init
{
	atomic { if :: g_g = 0 :: g_g = 1 fi; if :: bp_t[0] = 0 :: bp_t[0] = 1 fi; run p_main(0, bp_t[0], 0, 0); printf("@bp init g=%d%d\n", g_g, g_h_1); printf("@bp start %d 0 0 l=%d%d%d\n", _nr_pr - 1, bp_t[0], 0, 0) }
}
