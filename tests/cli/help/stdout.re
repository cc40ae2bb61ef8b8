^Usage: bitdoku \[COMMAND\] \[OPTION\]\.\.\. \[FILE\]\.\.\.
