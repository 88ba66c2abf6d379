# json-get.awk - the scalars of aivm-advise's JSON report by path, with POSIX awk
# only (no jq or python on the runner): `awk -v want=summary.errors -f json-get.awk
# report.json` prints the value (a string without its quotes), or nothing when the
# path is absent. Paths name object members (cost.monthly); array elements are
# skipped. It reads the binary's own layout (cJSON's print format: one member per
# line, one tab per level; docs/json-output.md), not any JSON.
{
    depth = match($0, /[^\t]/) - 1
    line = substr($0, depth + 1)
    if (line ~ /^"[^"]*":\t/) {
        key = substr(line, 2, index(line, "\":") - 2)
        value = substr(line, index(line, "\":\t") + 3)
        path[depth] = key
        if (value ~ /^\[/)
            path[depth] = key "[]"
        if (value ~ /^[{[]/)
            next
        sub(/,$/, "", value)
        if (value ~ /^".*"$/)
            value = substr(value, 2, length(value) - 2)
        full = ""
        for (i = 1; i < depth; i++)
            full = full path[i] "."
        full = full key
        if (full ~ /\[\]/)
            next
        if (full == want && !found) {
            print value
            found = 1
        }
    }
}
