#!/bin/sh
# Every header that gives an option a default (#ifndef EBB_CONFIG_...) must
# include ebb/config.h before any other ebb header and before that default,
# so an application's ebb_config.h (or -include'd config) can set any option
# without a redefinition error.  Usage: check_config_first.sh SOURCE_DIR
cd "$1" || exit 1
bad=0
for f in $(git ls-files 'include/*.h' 'port/*.h' 'hal/*.h' 'boards/*.h' 2>/dev/null || find include port hal boards -name '*.h'); do
    grep -q '^#ifndef EBB_CONFIG_' "$f" || continue
    [ "$f" = include/ebb/config.h ] && continue
    first=$(grep -nE '^#include "|^#ifndef EBB_CONFIG_' "$f" | head -1)
    case "$first" in
        *'#include "ebb/config.h"'*) ;;
        *) echo "$f: option defaults before ebb/config.h (first: $first)"; bad=1 ;;
    esac
done
[ $bad = 0 ] && echo "every header with options includes ebb/config.h first"
exit $bad
