# bash completion for bitdoku: commands, options, their values, and files.
_bitdoku()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        -e|--engine) COMPREPLY=($(compgen -W 'dfs dlx' -- "$cur")); return ;;
        -o|--order) COMPREPLY=($(compgen -W 'mrv rows' -- "$cur")); return ;;
        -f|--format) COMPREPLY=($(compgen -W 'auto line grid compact pretty' -- "$cur")); return ;;
        --symmetry) COMPREPLY=($(compgen -W 'none rot180 rot90 mirror diagonal random' -- "$cur")); return ;;
        --difficulty) COMPREPLY=($(compgen -W 'easy medium hard fiendish diabolical beyond' -- "$cur")); return ;;
        -l|--limit|-n|--max-nodes|-t|--timeout|-j|--jobs|-c|--count|--seed|--givens|--tries)
            COMPREPLY=(); return ;;
    esac
    case $cur in
        --engine=*) COMPREPLY=($(compgen -W 'dfs dlx' -- "${cur#*=}")); return ;;
        --order=*) COMPREPLY=($(compgen -W 'mrv rows' -- "${cur#*=}")); return ;;
        --format=*) COMPREPLY=($(compgen -W 'auto line grid compact pretty' -- "${cur#*=}")); return ;;
        --symmetry=*) COMPREPLY=($(compgen -W 'none rot180 rot90 mirror diagonal random' -- "${cur#*=}")); return ;;
        --difficulty=*) COMPREPLY=($(compgen -W 'easy medium hard fiendish diabolical beyond' -- "${cur#*=}")); return ;;
        -*)
            COMPREPLY=($(compgen -W '--engine --order --format --all --grid --exhaustive --limit --unique --hint --ep-ed
                --count --seed --givens --minimal --symmetry --difficulty --solution --unsolvable --tries
                --max-nodes --timeout --jobs --csv --stats --help --version
                -e -o -f -a -g -l -u -c -n -t -j -s -h -V' -- "$cur"))
            return ;;
    esac
    local i word has_command=
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
            -e|--engine|-o|--order|-f|--format|-l|--limit|-n|--max-nodes|-t|--timeout|-j|--jobs) ((i++)) ;;
            -c|--count|--seed|--givens|--symmetry|--difficulty|--tries) ((i++)) ;;
            -*) ;;
            *) has_command=1; break ;;
        esac
    done
    if [[ -z $has_command ]]; then
        COMPREPLY=($(compgen -W 'solve target count rate explain check generate' -- "$cur") $(compgen -f -- "$cur"))
    elif [[ $word != generate ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _bitdoku bitdoku
