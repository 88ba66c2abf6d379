/*
 * ab.c - interleaved cold-start timing for A/B comparisons on a noisy
 * machine (not a test; see docs/performance.md). Runs each command in turn,
 * N rounds (A, B, C, A, B, C, ...), stdout to /dev/null, and prints the
 * median and quartiles of each one's wall time (fork + exec + wait).
 *
 *   cc -O2 bench/ab.c -o ab
 *   ./ab 1000 -- ./old --phase train --kind generative ';;' ./new --phase train ...
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CMDS 16

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    char **cmds[MAX_CMDS];
    int n, nc = 0, devnull;
    double *t;
    if (argc < 4 || strcmp(argv[2], "--") != 0 || (n = atoi(argv[1])) < 1) {
        fprintf(stderr, "usage: ab N -- CMD ARGS... [';;' CMD ARGS...]...\n");
        return 2;
    }
    cmds[nc++] = &argv[3];
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], ";;") == 0) {
            if (nc == MAX_CMDS || i + 1 >= argc) {
                fprintf(stderr, "ab: at most %d commands, none empty\n", MAX_CMDS);
                return 2;
            }
            argv[i] = NULL;
            cmds[nc++] = &argv[i + 1];
        }
    t = calloc((size_t)n * (size_t)nc, sizeof *t);
    devnull = open("/dev/null", O_WRONLY);
    if (!t || devnull < 0)
        return 1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < nc; c++) {
            struct timespec a, b;
            int st;
            pid_t p;
            clock_gettime(CLOCK_MONOTONIC, &a);
            p = fork();
            if (p == 0) {
                dup2(devnull, 1);
                execv(cmds[c][0], cmds[c]);
                _exit(127);
            }
            if (p < 0 || waitpid(p, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) == 127) {
                fprintf(stderr, "ab: cannot run %s\n", cmds[c][0]);
                return 1;
            }
            clock_gettime(CLOCK_MONOTONIC, &b);
            t[(size_t)c * (size_t)n + (size_t)r] =
                (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
        }
    for (int c = 0; c < nc; c++) {
        double *v = t + (size_t)c * (size_t)n;
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        printf("%-40.40s median %.3f ms  p25 %.3f  p75 %.3f\n", cmds[c][0], v[n / 2], v[n / 4],
               v[3 * n / 4]);
    }
    free(t);
    return 0;
}
