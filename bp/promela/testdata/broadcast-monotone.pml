/* Promela model of testdata/broadcast.bp, written by bopgo export --format promela.
   Property: assertions hold. Thread bound: 3 live threads.
   Check with: spin -a FILE && gcc -DSAFETY -o pan pan.c && ./pan -E */

#define bp_can_start (bp_live < 3 && _nr_pr < 12)
#ifdef BP_BOUND_SILENT
#define bp_suppressed skip
#else
#define bp_suppressed assert(bp_can_start)
#endif

bit g_g;
byte bp_live = 1; /* live threads */
hidden byte bp_c[2]; /* the choices of one step */
hidden byte bp_t[2]; /* new values within one step */
bit bp_alive[12]; /* the process is a live thread */
bit bpb_main_x[12]; /* a local that broadcasts touch, per process */
bit bpb_main_y[12]; /* a local that broadcasts touch, per process */
hidden byte bp_j, bp_np; /* a passive process; a new one */
hidden byte bp_p[12]; /* the passive processes' new values */

#define bp_step_p_main(pc, next, taken) printf("@bp step %d 0 %d %d %d l=\n", _pid, pc, next, taken)
#define bp_head_p_main(pc, next, taken) printf("@bp step %d 0 %d %d %d l=", _pid, pc, next, taken)
proctype p_main(byte bp_pc)
{
	atomic { if :: bp_pc == 0 -> bp_pc = 0; goto S0 :: bp_pc == 5 -> bp_pc = 0; goto S5 fi };
S0: /* testdata/broadcast.bp:4:3: decl x, y; */
	atomic { if :: bp_c[1] = 0 :: bp_c[1] = 1 fi; bpb_main_y[_pid] = bp_c[1]; bp_head_p_main(0, 1, -1); printf(" a1=%d\n", bpb_main_y[_pid]); goto S1 };
S1: /* testdata/broadcast.bp:5:3: x, y := F, T */
	atomic { bpb_main_x[_pid] = 0; bpb_main_y[_pid] = 1; bp_head_p_main(1, 2, -1); printf(" a0=%d a1=%d\n", bpb_main_x[_pid], bpb_main_y[_pid]); goto S2 };
S2: /* testdata/broadcast.bp:6:3: start_thread goto W */
	atomic { if :: bp_can_start -> bp_live++; bp_np = run p_main(5); bp_alive[bp_np] = 1; bpb_main_x[bp_np] = bpb_main_x[_pid]; bpb_main_y[bp_np] = bpb_main_y[_pid]; printf("@bp start %d 0 5 l=%d%d\n", _nr_pr - 1, bpb_main_x[_pid], bpb_main_y[_pid]) :: else -> bp_suppressed fi; bp_step_p_main(2, 3, -1); goto S3 };
S3: /* testdata/broadcast.bp:7:3: g, x$ := *, x & y$ constrain ('g | x) & ('x$ != y$) */
	atomic { if :: bpb_main_x[_pid] -> bp_c[0] = 0 :: bp_c[0] = 1 fi; bp_t[0] = bp_c[0]; bp_j = 0; do :: bp_j < 12 -> if :: bp_alive[bp_j] && bp_j != _pid -> if :: ((bpb_main_x[_pid] && bpb_main_y[bp_j]) ^ bpb_main_y[bp_j]) -> bp_p[bp_j*1+0] = (bpb_main_x[_pid] && bpb_main_y[bp_j]) :: else -> bp_p[bp_j*1+0] = bpb_main_x[bp_j]; skip fi :: else -> skip fi; bp_j++ :: else -> break od; g_g = bp_t[0]; bp_j = 0; do :: bp_j < 12 -> if :: bp_alive[bp_j] && bp_j != _pid -> bpb_main_x[bp_j] = bp_p[bp_j*1+0]; printf("@bp passive %d b=%d%d\n", bp_j, bpb_main_x[bp_j], bpb_main_y[bp_j]) :: else -> skip fi; bp_j++ :: else -> break od; bpb_main_x[_pid] = 0; bp_head_p_main(3, 4, -1); printf(" g0=%d a0=%d\n", g_g, bpb_main_x[_pid]); goto S4 };
S4: /* testdata/broadcast.bp:8:3: end_thread */
	atomic { bp_live--; bp_alive[_pid] = 0; bpb_main_x[_pid] = 0; bpb_main_y[_pid] = 0; bp_step_p_main(4, -1, -1); goto bp_end };
S5: /* testdata/broadcast.bp:9:4: assert(!x) */
	atomic { printf("@bp assert %d 0 5\n", _pid); assert(!bpb_main_x[_pid]); bpb_main_x[_pid] = 0; bp_head_p_main(5, 6, -1); printf(" a0=%d\n", bpb_main_x[_pid]); goto S6 };
S6: /* testdata/broadcast.bp:10:1: end of main */
	atomic { bp_live--; bp_alive[_pid] = 0; bpb_main_x[_pid] = 0; bpb_main_y[_pid] = 0; bp_step_p_main(6, -1, -1); goto bp_end };
bp_end:
	skip
}

init
{
	atomic { if :: g_g = 0 :: g_g = 1 fi; if :: bp_t[0] = 0 :: bp_t[0] = 1 fi; bp_np = run p_main(0); bp_alive[bp_np] = 1; bpb_main_x[bp_np] = 0; bpb_main_y[bp_np] = bp_t[0]; printf("@bp init g=%d\n", g_g); printf("@bp start %d 0 0 l=%d%d\n", _nr_pr - 1, 0, bp_t[0]) }
}
