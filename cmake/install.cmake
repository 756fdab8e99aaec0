# install/export: filled in by the package step.
