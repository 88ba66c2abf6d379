# bash completion for aivm-advise                                  -*- shell-script -*-
# Installed to share/bash-completion/completions/aivm-advise (loaded on demand by
# bash-completion; `aivm-advise completion bash` prints this file). Options follow each
# command's --help; tests/completions checks that every option there is offered here.
# Size, model, region and GPU names and rule ids come from the binary at completion
# time (`catalog list --format names`, `models list --format names`, `rules list
# --format names`, `__complete regions|gpus`); a binary without those commands gives
# no names, silently.

_aivm_advise_commands="recommend check prices catalog models rules completion help version"

_aivm_advise_common="-q --quiet -v --verbose -h --help -V --version --config --no-config"
_aivm_advise_sizing="--params --active-params --model --layers --hidden --heads --kv-heads --precision
  --kv-precision --context --batch --concurrency --finetune --optimizer --sharding
  --activation-checkpointing --max-nodes --gpus --tokens --epochs --dataset-tokens --mfu
  --tokens-per-second --requests-per-second --prompt-tokens --output-tokens --max-days --max-ttft-ms --max-tpot-ms
  --samples"
_aivm_advise_fetch="--currency --prices-url --cache-dir --cache-ttl --refresh --timeout
  --retries --retry-delay"

# _aivm_advise_options KEY: the options of a command ("catalog list", "recommend", ...).
_aivm_advise_options()
{
    case $1 in
    recommend)
        echo "--quota --skus --regions --phase --kind --model-size --workload --region --os --top
          --include-retired --nodes --scheduler --managed --containers --spot
          --checkpointing -f --format --explain --emit --pick -o --output --catalog --rules
          --color --date $_aivm_advise_sizing --prices --allow-partial --pricing --sort
          --max-price-per-hour $_aivm_advise_fetch $_aivm_advise_common"
        ;;
    check)
        echo "--quota --skus --input --workload --waivers --source -f --format -o --output --fail-on --base --fail-on-new --catalog --rules
          --color --date --phase --kind --model-size --os $_aivm_advise_sizing --prices
          --allow-partial --require-live-prices $_aivm_advise_fetch $_aivm_advise_common"
        ;;
    "prices fetch" | "prices show")
        echo "--region --regions --sku --catalog --cached -f --format $_aivm_advise_fetch $_aivm_advise_common"
        ;;
    "catalog list")
        echo "--family --category --gpu --min-gpu-memory --infiniband --region
          --include-retired --catalog --date -f --format $_aivm_advise_common"
        ;;
    "catalog show" | "catalog compare")
        echo "--catalog --date -f --format $_aivm_advise_common"
        ;;
    "catalog validate") echo "-f --format $_aivm_advise_common" ;;
    "catalog diff") echo "--catalog --date -f --format $_aivm_advise_common" ;;
    "catalog refresh")
        echo "--skus --regions --reset --prices $_aivm_advise_fetch --date $_aivm_advise_common"
        ;;
    "models list" | "models show") echo "-f --format $_aivm_advise_common" ;;
    "rules list" | "rules show") echo "--rules -f --format $_aivm_advise_common" ;;
    version) echo "-f --format $_aivm_advise_common" ;;
    *) echo "$_aivm_advise_common" ;;
    esac
}

# _aivm_advise_names BIN WHAT: the names `BIN WHAT list --format names` prints, or none.
_aivm_advise_names()
{
    local bin=$1 out
    type -P -- "$bin" >/dev/null 2>&1 || bin=aivm-advise
    out=$("$bin" "$2" list --format names 2>/dev/null) || return 0
    printf '%s\n' "$out"
}

# _aivm_advise_reply BIN ARGS...: COMPREPLY from the lines `BIN ARGS...` prints that
# start with $cur (a name may hold spaces: "RTX PRO 6000"), or none.
_aivm_advise_reply()
{
    local bin=$1 out IFS=$'\n'
    shift
    type -P -- "$bin" >/dev/null 2>&1 || bin=aivm-advise
    out=$("$bin" "$@" 2>/dev/null) || return 0
    COMPREPLY=($(compgen -W "$out" -- "$cur"))
}

_aivm_advise()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}") cword=$COMP_CWORD
    fi

    # The command is the first argument when it is not an option (else recommend);
    # prices, catalog, models and rules take a subcommand after it.
    local cmd=recommend sub="" key argi=1
    if ((cword > 1)) && [[ ${words[1]} != -* ]]; then
        cmd=${words[1]} argi=2
        case $cmd in
        prices | catalog | models | rules)
            if ((cword > 2)); then
                sub=${words[2]} argi=3
            else
                case $cmd in
                prices) COMPREPLY=($(compgen -W "fetch show" -- "$cur")) ;;
                catalog) COMPREPLY=($(compgen -W "list show compare validate refresh diff" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "list show" -- "$cur")) ;;
                esac
                return
            fi
            ;;
        esac
    fi
    key=$cmd${sub:+ $sub}

    case $prev in
    --phase) COMPREPLY=($(compgen -W "train inference" -- "$cur")) ;;
    --kind) COMPREPLY=($(compgen -W "generative non-generative" -- "$cur")) ;;
    --model-size) COMPREPLY=($(compgen -W "small complex" -- "$cur")) ;;
    --os) COMPREPLY=($(compgen -W "linux windows" -- "$cur")) ;;
    --scheduler) COMPREPLY=($(compgen -W "slurm gridengine pbs none" -- "$cur")) ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")) ;;
    --precision | --kv-precision)
        COMPREPLY=($(compgen -W "fp32 bf16 fp16 fp8 int8 int4 fp4 16-bit" -- "$cur")) ;;
    --finetune) COMPREPLY=($(compgen -W "full lora qlora" -- "$cur")) ;;
    --optimizer) COMPREPLY=($(compgen -W "adamw adamw-8bit sgd" -- "$cur")) ;;
    --sharding) COMPREPLY=($(compgen -W "none zero1 zero2 zero3" -- "$cur")) ;;
    --prices)
        case $cmd in
        catalog) COMPREPLY=($(compgen -W "cached live" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "off catalog cached live" -- "$cur")) ;;
        esac ;;
    --pricing)
        COMPREPLY=($(compgen -W "on-demand spot reserved-1y reserved-3y savings-plan-1y
          savings-plan-3y" -- "$cur")) ;;
    --sort)
        COMPREPLY=($(compgen -W "score price price-per-gpu price-per-gpu-memory job-cost time
          cost-per-token latency" -- "$cur")) ;;
    --currency)
        COMPREPLY=($(compgen -W "USD AUD BRL CAD CHF CNY DKK EUR GBP INR JPY KRW NOK NZD RUB
          SEK TWD" -- "$cur")) ;;
    --input) COMPREPLY=($(compgen -W "terraform arm plan" -- "$cur")) ;;
    --emit) COMPREPLY=($(compgen -W "terraform arm az" -- "$cur")) ;;
    -o | --output) [[ $cmd == check ]] || _aivm_advise_files ;;
    --fail-on) COMPREPLY=($(compgen -W "error warning note never" -- "$cur")) ;;
    --category)
        COMPREPLY=($(compgen -W "gpu cpu cpu-general-purpose cpu-compute-optimized
          cpu-memory-optimized" -- "$cur")) ;;
    -f | --format)
        case $cmd in
        check) COMPREPLY=($(compgen -W "text json sarif junit github markdown html" -- "$cur")) ;;
        prices) COMPREPLY=($(compgen -W "table json csv" -- "$cur")) ;;
        recommend | "") COMPREPLY=($(compgen -W "table json yaml markdown csv html" -- "$cur")) ;;
        catalog | models | rules) COMPREPLY=($(compgen -W "table json names" -- "$cur")) ;;
        version) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "table json" -- "$cur")) ;;
        esac
        ;;
    --config | --workload | --catalog | --rules | --waivers | --base | --quota | --skus) _aivm_advise_files ;;
    --regions) COMPREPLY=($(compgen -W "us europe asia all" -- "$cur")) ;;
    --cache-dir | --source) COMPREPLY=($(compgen -d -- "$cur")) ;;
    --sku) COMPREPLY=($(compgen -W "$(_aivm_advise_names "${words[0]}" catalog)" -- "$cur")) ;;
    --model) COMPREPLY=($(compgen -W "$(_aivm_advise_names "${words[0]}" models)" -- "$cur")) ;;
    --region) _aivm_advise_reply "${words[0]}" __complete regions ;;
    --gpu) _aivm_advise_reply "${words[0]}" __complete gpus ;;
    --top | --pick | --nodes | --date | --layers | --hidden | --heads | --kv-heads | \
        --context | --batch | --concurrency | --max-nodes | --gpus | --max-price-per-hour | \
        --prices-url | --cache-ttl | --timeout | --retries | --retry-delay | --params | --active-params | \
        --family | --gpu | --min-gpu-memory)
        ;; # free values: nothing to offer
    *)
        $split && return
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$(_aivm_advise_options "$key")" -- "$cur"))
            [[ ${COMPREPLY-} == *= ]] && compopt -o nospace
        elif ((cword == 1)); then
            COMPREPLY=($(compgen -W "$_aivm_advise_commands" -- "$cur"))
        else
            case $key in
            help) ((cword == argi)) && COMPREPLY=($(compgen -W "$_aivm_advise_commands" -- "$cur")) ;;
            check | "catalog validate") _aivm_advise_files ;;
            "catalog show" | "catalog compare")
                COMPREPLY=($(compgen -W "$(_aivm_advise_names "${words[0]}" catalog)" -- "$cur")) ;;
            "models show")
                COMPREPLY=($(compgen -W "$(_aivm_advise_names "${words[0]}" models)" -- "$cur")) ;;
            "rules show") _aivm_advise_reply "${words[0]}" rules list --format names ;;
            completion) ((cword == argi)) && COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")) ;;
            esac
        fi
        ;;
    esac
    return 0
}

# Files: _filedir from bash-completion when present, else compgen -f.
_aivm_advise_files()
{
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}

complete -F _aivm_advise aivm-advise
# ex: filetype=sh
