/*
 * main.c - entry point of aivm-advise: sets the locale-independent
 * environment and dispatches to a subcommand (recommend by default).
 * What the commands share is in common.c.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "msg.h"

typedef struct {
    const char *name;
    int (*fn)(int argc, char **argv);
} command;

static const command commands[] = {
    {"recommend", cmd_recommend},
    {"check", cmd_check},
    {"prices", cmd_prices},
};

int main(int argc, char **argv)
{
    int rc;
    setlocale(LC_ALL, "C");
    if (argc > 1 && argv[1][0] != '-') {
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[1], commands[i].name) == 0)
                return cli_finish_stdout(commands[i].fn(argc - 1, argv + 1));
        return cli_finish_stdout(cli_usagef("unknown command '%s'", argv[1]));
    }
    rc = cmd_recommend(argc, argv);
    return cli_finish_stdout(rc);
}
