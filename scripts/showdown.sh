#!/bin/sh
# make showdown: the study's application on ebb.
set -eu
exec ./build/host/apps/showdown/showdown_host
