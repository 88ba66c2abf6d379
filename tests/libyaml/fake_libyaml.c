/* fake_libyaml.c - built as a libyaml-0.so.2 that exports none of libyaml's
 * functions: with it first on LD_LIBRARY_PATH, the binary must refuse YAML
 * input with a clear error, not crash (tests/libyaml/run.sh). */
int aivm_fake_libyaml_marker(void);
int aivm_fake_libyaml_marker(void)
{
    return 42;
}
