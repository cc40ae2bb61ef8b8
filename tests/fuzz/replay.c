/*
 * replay.c - runs a fuzz target over files without libFuzzer, so that the
 * seed corpus and every input that once crashed are replayed by CTest in
 * the ordinary (and the sanitizer) builds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) {
            perror(argv[i]);
            return 1;
        }
        size_t cap = 1 << 16, size = 0, got;
        uint8_t *data = malloc(cap);
        while (data && (got = fread(data + size, 1, cap - size, file)) > 0) {
            size += got;
            if (size == cap)
                data = realloc(data, cap *= 2);
        }
        fclose(file);
        if (!data) {
            fputs("replay: out of memory\n", stderr);
            return 1;
        }
        LLVMFuzzerTestOneInput(data, size);
        free(data);
    }
    printf("replayed %d input%s\n", argc - 1, argc == 2 ? "" : "s");
    return 0;
}
