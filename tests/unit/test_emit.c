/* test_emit.c - deployable code from the advice (docs/emit.md): the format
 * names, --pick past the ranking, spot as the guidance says, the workload
 * tags, Arm64 images for Arm64 sizes only, and each writer's quoting of
 * hostile values (HCL template sequences, ARM's leading '[', shell single
 * quotes, comments). */
#include <stdlib.h>
#include <string.h>

#include "aivm/extras.h"
#include "emit/emit_int.h"
#include "helpers.h"
#include "shipped.h"

typedef shipped_data fx;

/* The emitted text of `wl`'s advice in `format` (#pick); the caller frees it. */
static char *emitted(const fx *f, aivm_workload *wl, aivm_emit_format format, unsigned pick,
                     int want_rc)
{
    aivm_advice *adv = shipped_advise(f, wl);
    aivm_error err = AIVM_ERROR_INIT;
    aivm_emit_opts eo = AIVM_EMIT_OPTS_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    eo.format = format;
    eo.pick = pick;
    assert_int_equal(aivm_emit(&out, adv, &eo, &err), want_rc);
    if (want_rc == AIVM_ENOTFOUND)
        assert_non_null(strstr(err.msg, "there is no recommendation #"));
    aivm_advice_free(adv);
    return aivm_buf_detach(&out);
}

static void emit__format_names(void **state)
{
    aivm_emit_format fmt = AIVM_EMIT_TERRAFORM;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_emit_format_parse(&fmt, "ARM", &err), 0);
    assert_int_equal(fmt, AIVM_EMIT_ARM);
    assert_string_equal(aivm_emit_format_name(AIVM_EMIT_AZ), "az");
    assert_int_equal(aivm_emit_format_parse(&fmt, "terrafrom", &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "did you mean terraform?"));
}

static void emit__pick_past_the_ranking_is_not_found(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.kind = AIVM_KIND_GENERATIVE;
    free(emitted(*state, &wl, AIVM_EMIT_AZ, 100000, AIVM_ENOTFOUND));
}

static void emit__spot_evicts_as_the_guidance_says(void **state)
{
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT, c = AIVM_WORKLOAD_INIT;
    char *s;
    a.phase = AIVM_PHASE_INFERENCE;
    a.kind = AIVM_KIND_GENERATIVE;
    a.spot = true;
    s = emitted(*state, &a, AIVM_EMIT_AZ, 1, 0);
    assert_non_null(strstr(s, "--priority 'Spot'"));
    assert_non_null(strstr(s, "--eviction-policy 'Delete'"));
    assert_non_null(strstr(s, "--max-price '-1'"));
    free(s);
    b.phase = AIVM_PHASE_TRAIN;
    b.kind = AIVM_KIND_GENERATIVE;
    b.spot = b.checkpointing = true;
    s = emitted(*state, &b, AIVM_EMIT_TERRAFORM, 1, 0);
    assert_non_null(strstr(s, "eviction_policy = \"Deallocate\""));
    assert_non_null(strstr(s, "\"aivm-checkpointing\" = \"true\""));
    free(s);
    c.phase = AIVM_PHASE_TRAIN;
    c.kind = AIVM_KIND_GENERATIVE;
    c.spot = true; /* no checkpoints: spot is advised against, the VM is regular */
    s = emitted(*state, &c, AIVM_EMIT_ARM, 1, 0);
    assert_null(strstr(s, "\"priority\""));
    free(s);
}

static void emit__multi_vm_training_shares_one_placement_group(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    char *s;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.nodes = 4;
    wl.set |= AIVM_WL_NODES;
    s = emitted(*state, &wl, AIVM_EMIT_ARM, 1, 0);
    assert_non_null(strstr(s, "\"singlePlacementGroup\": true"));
    assert_non_null(strstr(s, "Microsoft.Compute/proximityPlacementGroups"));
    assert_non_null(strstr(s, "\"capacity\": 4"));
    free(s);
}

/* A deployment with a value that is code in every language. */
static void hostile(aivm_emit__deploy *d)
{
    memset(d, 0, sizeof *d);
    d->pick = d->n_ranked = 1;
    d->shape = AIVM_EMIT__VM;
    d->size = "[x'${a}%{b}\"\\\n#";
    d->vms = 1;
    d->region = "eastus";
    d->name = "aivm-inference";
    d->publisher = d->offer = d->sku = d->version = d->size;
    d->generation = 2;
    strcpy(d->tags[0].key, "aivm-model");
    strcpy(d->tags[0].value, "$(id)'`x`");
    d->n_tags = 1;
}

static void emit__every_writer_quotes_for_its_language(void **state)
{
    aivm_emit__deploy d;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    hostile(&d);
    assert_int_equal(aivm_emit__terraform(&out, &d, &err), 0);
    assert_non_null(strstr(out.ptr, "size                  = \"[x'$${a}%%{b}\\\"\\\\\\n#\"\n"));
    assert_non_null(strstr(out.ptr, "recommendation #1 of 1: [x'${a}%{b}\"\\?# x 1"));
    aivm_buf_clear(&out);
    assert_int_equal(aivm_emit__arm(&out, &d, &err), 0);
    assert_non_null(strstr(out.ptr, "\"vmSize\": \"[[x'${a}%{b}\\\"\\\\\\n#\""));
    aivm_buf_clear(&out);
    assert_int_equal(aivm_emit__az(&out, &d, &err), 0);
    assert_non_null(strstr(out.ptr, "--size '[x'\\''${a}%{b}\"\\\n#'"));
    assert_non_null(strstr(out.ptr, "--tags 'aivm-model=$(id)'\\''`x`'"));
    assert_non_null(strstr(out.ptr, "--emit az: recommendation #1 of 1: [x'${a}%{b}\"\\?# x 1"));
    aivm_buf_dispose(&out);
}

/* A CPU pick gets the accelerated networking its Microsoft page documents
 * (Falsv6: Supported, source C2), in each language. */
static void emit__cpu_pick_has_accelerated_networking(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    char *s;
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.kind = AIVM_KIND_NON_GENERATIVE;
    wl.model_size = AIVM_MSIZE_SMALL;
    s = emitted(*state, &wl, AIVM_EMIT_TERRAFORM, 1, 0);
    assert_non_null(strstr(s, "\"Standard_F8als_v6\""));
    assert_non_null(strstr(s, "accelerated_networking_enabled = true"));
    free(s);
    s = emitted(*state, &wl, AIVM_EMIT_AZ, 1, 0);
    assert_non_null(strstr(s, "--accelerated-networking 'true'"));
    free(s);
    s = emitted(*state, &wl, AIVM_EMIT_ARM, 1, 0);
    assert_non_null(strstr(s, "\"enableAcceleratedNetworking\": true"));
    free(s);
}

/* The advice on a Grace size (ND GB200 v6, Arm64): `wl` made the training
 * workload that ranks it first (the advice borrows it). */
static aivm_advice *grace_advice(const fx *f, aivm_workload *wl)
{
    aivm_advice *adv;
    wl->phase = AIVM_PHASE_TRAIN;
    wl->kind = AIVM_KIND_GENERATIVE;
    adv = shipped_advise(f, wl);
    assert_true(adv->n_ranked > 0);
    assert_string_equal(aivm_str(&adv->ranked[0].size->cpu_arch), "arm64");
    return adv;
}

static const aivm_image *image_by_id(const fx *f, const char *id)
{
    for (size_t i = 0; i < aivm_catalog_image_count(f->cat); i++)
        if (strcmp(aivm_catalog_image_at(f->cat, i)->id, id) == 0)
            return aivm_catalog_image_at(f->cat, i);
    fail_msg("no image %s in the shipped catalog", id);
    return NULL;
}

/* An Arm64 size gets the Arm64 image in every language, whichever image
 * rules fire for it (multi-node InfiniBand training votes for the x64 HPC
 * image), and never an x64 one. */
static void emit__arm64_size_gets_an_arm64_image(void **state)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_emit_format formats[] = {AIVM_EMIT_TERRAFORM, AIVM_EMIT_ARM, AIVM_EMIT_AZ};
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.nodes = 4;
    wl.set |= AIVM_WL_NODES;
    for (size_t i = 0; i < 3; i++) {
        char *s = emitted(*state, &wl, formats[i], 1, 0);
        assert_non_null(strstr(s, "Standard_ND128isr_NDR_GB200_v6"));
        assert_non_null(strstr(s, "server-arm64"));
        assert_null(strstr(s, "ubuntu-hpc"));
        assert_null(strstr(s, "2204-gen2"));
        free(s);
    }
}

/* Advice handed in with an x64 image for the Arm64 size (a caller's own
 * extras) is refused, not written; with no image advice at all the platform
 * fallback is Ubuntu's Arm64 SKU, not the x64 one. */
static void emit__x64_image_on_arm64_size_is_refused(void **state)
{
    const fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv = grace_advice(f, &wl);
    struct aivm_extras *ex = adv->extras;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_emit_opts eo = AIVM_EMIT_OPTS_INIT;
    aivm_buf out = AIVM_BUF_INIT;
    const aivm_image *advised = ex->image.image;
    assert_non_null(advised);
    assert_string_equal(advised->cpu_arch, "arm64");
    ex->image.image = image_by_id(f, "ubuntu-hpc-2204");
    eo.format = AIVM_EMIT_TERRAFORM;
    assert_int_equal(aivm_emit(&out, adv, &eo, &err), AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "ubuntu-hpc-2204 is an x86_64 image"));
    assert_non_null(strstr(err.msg, "has arm64 CPUs"));
    assert_int_equal(out.size, 0);
    ex->image.image = NULL;
    assert_int_equal(aivm_emit(&out, adv, &eo, &err), 0);
    assert_non_null(strstr(out.ptr, "sku       = \"22_04-lts-arm64\""));
    assert_non_null(strstr(out.ptr, "Hyper-V Gen2, Arm64"));
    ex->image.image = advised;
    aivm_buf_dispose(&out);
    aivm_advice_free(adv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(emit__format_names),
        cmocka_unit_test_setup_teardown(emit__pick_past_the_ranking_is_not_found, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(emit__spot_evicts_as_the_guidance_says, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(emit__multi_vm_training_shares_one_placement_group,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test(emit__every_writer_quotes_for_its_language),
        cmocka_unit_test_setup_teardown(emit__cpu_pick_has_accelerated_networking, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(emit__arm64_size_gets_an_arm64_image, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(emit__x64_image_on_arm64_size_is_refused, shipped_setup,
                                        shipped_teardown),
    };
    return cmocka_run_group_tests_name("emit", tests, NULL, NULL);
}
