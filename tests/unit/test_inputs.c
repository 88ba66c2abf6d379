/* test_inputs.c - the descriptor table of a workload's inputs (aivm/inputs.h):
 * one row per input, one parser and one message for the flag, the workload
 * key and the plan tag, one precedence (origins), and what the inputs imply
 * (aivm_workload_settle, aivm_rules_settle_size_class). */
#include <stdio.h>
#include <string.h>

#include "aivm/inputs.h"
#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "helpers.h"

/* Every row: its id is its index, flag/key/tag find it back, the key is the
 * flag with '_' for '-', an enum lists its values, a range is positive. */
static void inputs__table_is_consistent(void **state)
{
    (void)state;
    assert_int_equal(aivm_inputs_count(), AIVM_IN_COUNT);
    assert_null(aivm_input_at(AIVM_IN_COUNT));
    for (size_t i = 0; i < aivm_inputs_count(); i++) {
        const aivm_input *f = aivm_input_at(i);
        char key[64], tag[64];
        assert_int_equal(f->id, i);
        assert_ptr_equal(aivm_input_by_flag(f->flag), f);
        assert_ptr_equal(aivm_input_by_key(f->key), f);
        snprintf(key, sizeof key, "%s", f->flag);
        for (char *p = key; *p; p++)
            if (*p == '-')
                *p = '_';
        assert_string_equal(key, f->key);
        snprintf(tag, sizeof tag, "AIVM-%s", f->flag); /* tags ignore case */
        if (f->where & AIVM_IW_TAG)
            assert_ptr_equal(aivm_input_by_tag(tag), f);
        else
            assert_null(aivm_input_by_tag(tag));
        assert_non_null(f->help);
        assert_true(f->where & (AIVM_IW_RECOMMEND | AIVM_IW_CHECK | AIVM_IW_TAG));
        if (f->type == AIVM_IV_ENUM)
            assert_true(f->names && f->names[0] && !f->names[0][0] && f->names[1]);
        if (f->type == AIVM_IV_COUNT || f->type == AIVM_IV_NUMBER || f->type == AIVM_IV_DAYS)
            assert_true(f->max > 0);
        assert_true((f->metavar == NULL) == (f->type == AIVM_IV_SWITCH));
    }
    assert_null(aivm_input_by_flag("nope"));
    assert_null(aivm_input_by_tag("phase"));      /* a tag has the aivm- prefix */
    assert_null(aivm_input_by_tag("aivm-nodes")); /* a plan's count says that */
}

static const aivm_input *flag(const char *name)
{
    const aivm_input *f = aivm_input_by_flag(name);
    assert_non_null(f);
    return f;
}

/* One message for every spelling, with the did-you-mean of an enum. */
static void inputs__one_message(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_loc at = {"w.yaml", 3, 8};
    (void)state;
    assert_int_equal(
        aivm_input_set(&wl, flag("phase"), "trian", AIVM_ORIGIN_FLAG, "--phase", NULL, &err),
        AIVM_EINVALID);
    assert_string_equal(err.msg, "invalid value 'trian' for --phase (expected train or "
                                 "inference; did you mean train?)");
    assert_int_equal(aivm_input_set(&wl, flag("phase"), "trian", AIVM_ORIGIN_TAG,
                                    "tag 'aivm-phase' of vm.a", &at, &err),
                     AIVM_EINVALID);
    assert_string_equal(err.msg, "invalid value 'trian' for tag 'aivm-phase' of vm.a (expected "
                                 "train or inference; did you mean train?)");
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, 8);
    assert_int_equal(
        aivm_input_set(&wl, flag("context"), "0", AIVM_ORIGIN_FLAG, "--context", NULL, &err),
        AIVM_EINVALID);
    assert_string_equal(err.msg,
                        "invalid value '0' for --context (expected a whole number from 1 to "
                        "100000000, or max (the model's maximum))");
    assert_int_equal(aivm_input_set(&wl, flag("mfu"), "1.5", AIVM_ORIGIN_FLAG, "--mfu", NULL, &err),
                     AIVM_EINVALID);
    assert_int_equal(
        aivm_input_set(&wl, flag("tokens"), "lots", AIVM_ORIGIN_FLAG, "--tokens", NULL, &err),
        AIVM_EINVALID);
    assert_int_equal(
        aivm_input_set(&wl, flag("spot"), "yes", AIVM_ORIGIN_FILE, "key 'spot'", NULL, &err),
        AIVM_EINVALID);
    assert_string_equal(err.msg, "invalid value 'yes' for key 'spot' (expected true or false)");
    assert_int_equal(wl.set, 0); /* nothing set by a failure */
    assert_int_equal(wl.sizing_in.set | wl.work.set, 0);
}

/* Values land where the rest of the library reads them, with their bits. */
static void inputs__values_and_bits(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_loc at = {"w.yaml", 2, 7};
    (void)state;
    assert_int_equal(
        aivm_input_set(&wl, flag("phase"), "Inference", AIVM_ORIGIN_FILE, "key 'phase'", &at, &err),
        0);
    assert_int_equal(wl.phase, AIVM_PHASE_INFERENCE);
    assert_true(wl.set & AIVM_WL_PHASE);
    assert_int_equal(wl.phase_loc.line, 2);
    assert_int_equal(
        aivm_input_set(&wl, flag("precision"), "int4", AIVM_ORIGIN_FILE, "k", NULL, &err), 0);
    assert_int_equal(wl.sizing_in.precision, AIVM_PREC_INT4);
    assert_true(wl.sizing_in.from_file & (1u << AIVM_SZ_PRECISION));
    assert_int_equal(
        aivm_input_set(&wl, flag("params"), "7B", AIVM_ORIGIN_FLAG, "--params", NULL, &err), 0);
    assert_true(wl.sizing_in.params == 7e9);
    assert_false(wl.sizing_in.from_file & (1u << AIVM_SZ_PARAMS));
    assert_int_equal(
        aivm_input_set(&wl, flag("max-days"), "0", AIVM_ORIGIN_FLAG, "--max-days", NULL, &err),
        0); /* 0: no limit */
    assert_true(wl.work.set & (1u << AIVM_WK_MAX_DAYS));
    assert_int_equal(aivm_input_set(&wl, flag("tokens"), "2T", AIVM_ORIGIN_TAG, "t", NULL, &err),
                     0);
    assert_true(wl.work.tokens == 2e12);
    assert_int_equal(
        aivm_input_set(&wl, flag("spot"), NULL, AIVM_ORIGIN_FLAG, "--spot", NULL, &err), 0);
    assert_true(wl.spot && (wl.set & AIVM_WL_SPOT));
    assert_int_equal(aivm_input_set(&wl, flag("activation-checkpointing"), "false", AIVM_ORIGIN_TAG,
                                    "t", NULL, &err),
                     0);
    assert_false(wl.sizing_in.act_ckpt);
    assert_true(wl.sizing_in.set & (1u << AIVM_SZ_ACT_CKPT));
    assert_int_equal(
        aivm_input_set(&wl, flag("nodes"), "4", AIVM_ORIGIN_FLAG, "--nodes", NULL, &err), 0);
    assert_int_equal(wl.nodes, 4);
    assert_int_equal(aivm_workload_origin(&wl, AIVM_IN_NODES), AIVM_ORIGIN_FLAG);
    assert_int_equal(aivm_workload_origin(&wl, AIVM_IN_KIND), AIVM_ORIGIN_NONE);
}

/* defaults < config < workload file < flags < plan tags, whatever the order of the calls. */
static void inputs__precedence(void **state)
{
    aivm_workload file = AIVM_WORKLOAD_INIT, flags = AIVM_WORKLOAD_INIT, tags = AIVM_WORKLOAD_INIT;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(
        aivm_input_set(&file, flag("phase"), "train", AIVM_ORIGIN_FILE, "k", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&file, flag("context"), "2048", AIVM_ORIGIN_FILE, "k", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&flags, flag("phase"), "inference", AIVM_ORIGIN_FLAG, "f", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&tags, flag("context"), "8192", AIVM_ORIGIN_TAG, "t", NULL, &err), 0);
    /* the tags first, then the flags, then the file: the order does not decide */
    aivm_workload_overlay(&wl, &tags);
    aivm_workload_overlay(&wl, &flags);
    aivm_workload_overlay(&wl, &file);
    assert_int_equal(wl.phase, AIVM_PHASE_INFERENCE);
    assert_int_equal(wl.sizing_in.context, 8192);
    assert_int_equal(aivm_workload_origin(&wl, AIVM_IN_SIZING + AIVM_SZ_CONTEXT), AIVM_ORIGIN_TAG);
    assert_false(wl.sizing_in.from_file & (1u << AIVM_SZ_CONTEXT));
    /* a value set directly from a lower origin leaves a higher one alone */
    assert_int_equal(
        aivm_input_set(&wl, flag("phase"), "train", AIVM_ORIGIN_CONFIG, "c", NULL, &err), 0);
    assert_int_equal(wl.phase, AIVM_PHASE_INFERENCE);
    /* the region, a name outside the table, follows the same rule */
    {
        aivm_workload cfg = AIVM_WORKLOAD_INIT, f = AIVM_WORKLOAD_INIT, out = AIVM_WORKLOAD_INIT;
        cfg.region = "westeurope";
        cfg.region_origin = AIVM_ORIGIN_CONFIG;
        f.region = "westus2";
        f.region_origin = AIVM_ORIGIN_FILE;
        aivm_workload_overlay(&out, &f);
        aivm_workload_overlay(&out, &cfg);
        assert_string_equal(out.region, "westus2");
        assert_int_equal(out.region_origin, AIVM_ORIGIN_FILE);
        assert_true(out.set & AIVM_WL_REGION);
    }
    /* nothing given: nothing copied */
    {
        aivm_workload none = AIVM_WORKLOAD_INIT;
        aivm_workload before = wl;
        aivm_workload_overlay(&wl, &none);
        assert_memory_equal(&wl, &before, sizeof wl);
    }
}

/* A workload file and a flag write the same value the same way. */
static void inputs__file_equals_flags(void **state)
{
    static const char doc[] = "phase: inference\nmodel: llama-3.1-8b\ntokens_per_second: 500\n"
                              "max_ttft_ms: 450\nconcurrency: 16\nspot: true\n";
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *d = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_workload_load_mem(&d, &a, doc, sizeof doc - 1, "w.yaml", &err), 0);
    assert_int_equal(
        aivm_input_set(&b, flag("phase"), "inference", AIVM_ORIGIN_FLAG, "f", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&b, flag("tokens-per-second"), "500", AIVM_ORIGIN_FLAG, "f", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&b, flag("max-ttft-ms"), "450", AIVM_ORIGIN_FLAG, "f", NULL, &err), 0);
    assert_int_equal(
        aivm_input_set(&b, flag("concurrency"), "16", AIVM_ORIGIN_FLAG, "f", NULL, &err), 0);
    assert_int_equal(a.phase, b.phase);
    assert_true(a.work.tokens_per_second == b.work.tokens_per_second);
    assert_true(a.work.max_ttft_ms == b.work.max_ttft_ms); /* a key the file once refused */
    assert_int_equal(a.sizing_in.concurrency, b.sizing_in.concurrency);
    assert_string_equal(a.sizing_in.model, "llama-3.1-8b");
    assert_true(a.spot);
    assert_int_equal(aivm_workload_origin(&a, AIVM_IN_SPOT), AIVM_ORIGIN_FILE);
    aivm_workload_doc_free(d);
    /* the file's message is the flag's, at the key's position */
    {
        static const char bad[] = "phase: trian\n";
        aivm_workload c = AIVM_WORKLOAD_INIT;
        assert_int_equal(aivm_workload_load_mem(&d, &c, bad, sizeof bad - 1, "w.yaml", &err),
                         AIVM_EINVALID);
        assert_string_equal(err.msg, "invalid value 'trian' for key 'phase' in the workload "
                                     "(expected train or inference; did you mean train?)");
        assert_int_equal(err.line, 1);
        assert_int_equal(err.col, 8);
    }
}

/* What the inputs imply, the same for recommend and check. */
static void inputs__settle(void **state)
{
    const aivm_models *m = aivm_models_builtin();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    wl.sizing_in.model = "bert-large";
    wl.sizing_in.set = 1u << AIVM_SZ_MODEL;
    assert_int_equal(aivm_workload_settle(&wl, m, &err), 0);
    assert_int_equal(wl.kind, AIVM_KIND_NON_GENERATIVE);
    assert_false(wl.kind_assumed);
    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    wl.sizing_in.params = 7e9;
    wl.sizing_in.set = 1u << AIVM_SZ_PARAMS;
    assert_int_equal(aivm_workload_settle(&wl, m, &err), 0);
    assert_int_equal(wl.kind, AIVM_KIND_GENERATIVE);
    assert_true(wl.kind_assumed);
    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    wl.sizing_in.params = 3e8; /* below a billion: nothing assumed */
    wl.sizing_in.set = 1u << AIVM_SZ_PARAMS;
    assert_int_equal(aivm_workload_settle(&wl, m, &err), 0);
    assert_int_equal(wl.kind, AIVM_KIND_UNSET);
    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    wl.sizing_in.model = "lama-3.1-8b";
    wl.sizing_in.set = 1u << AIVM_SZ_MODEL;
    assert_int_equal(aivm_workload_settle(&wl, m, &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "unknown model 'lama-3.1-8b' (did you mean llama-3.1-8b?)");
}

static void inputs__size_class(void **state)
{
    aivm_rules *rules = load_shipped_rules();
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_sizing sz;
    (void)state;
    memset(&sz, 0, sizeof sz);
    aivm_rules_settle_size_class(rules, &wl); /* no sizing: nothing */
    assert_int_equal(wl.model_size, AIVM_MSIZE_UNSET);
    wl.sizing = &sz;
    sz.params = 25.6e6; /* ResNet-50 */
    aivm_rules_settle_size_class(rules, &wl);
    assert_int_equal(wl.model_size, AIVM_MSIZE_SMALL);
    sz.params = 8e9;
    aivm_rules_settle_size_class(rules, &wl);
    assert_int_equal(wl.model_size, AIVM_MSIZE_COMPLEX);
    wl.set |= AIVM_WL_MODEL_SIZE; /* given: kept */
    wl.model_size = AIVM_MSIZE_SMALL;
    aivm_rules_settle_size_class(rules, &wl);
    assert_int_equal(wl.model_size, AIVM_MSIZE_SMALL);
    aivm_rules_free(rules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inputs__table_is_consistent), cmocka_unit_test(inputs__one_message),
        cmocka_unit_test(inputs__values_and_bits),     cmocka_unit_test(inputs__precedence),
        cmocka_unit_test(inputs__file_equals_flags),   cmocka_unit_test(inputs__settle),
        cmocka_unit_test(inputs__size_class),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
