/* Fuzz target for the glTF loader: any bytes, as a .gltf or a .glb, must load or be refused with a message, never
 * read out of bounds, leak or crash; whatever loads is sampled everywhere.
 *   make fuzz-gltf [FUZZ_SECONDS=60]    libFuzzer + ASan + UBSan (clang), seeded with the tests' fixtures
 * Built with -DFUZZ_STANDALONE it is a plain program that runs the target on the files it is given (to replay a
 * crash with any compiler). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/gltf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void sample_everything(const gltf_doc *doc)
{
    for (size_t a = 0; a < doc->animation_count; a++) {
        const kf_clip *clip = &doc->animations[a];
        for (size_t c = 0; c < clip->channel_count; c++) {
            const kf_track *t = &clip->channels[c].track;
            double *out = malloc(t->components * sizeof *out), *vel = malloc(t->components * sizeof *vel);
            if (!out || !vel)
                abort();
            kf_cursor cursor = KF_CURSOR_INIT;
            for (int i = -1; i <= 9; i++) {
                double time = clip->duration * i / 8.0;
                kf_track_sample(t, time, out);
                kf_track_sample_cursor(t, &cursor, time, out);
                kf_track_velocity(t, time, vel);
                for (size_t j = 0; j < t->components; j++)
                    if (!isfinite(out[j]))
                        abort();  /* a validated track never samples to NaN or infinity */
            }
            free(out);
            free(vel);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gltf_doc doc;
    gltf_error err;
    /* the name decides whether a missing GLB magic is an error: try both kinds */
    const char *name = size % 2 ? "fuzz.glb" : "fuzz.gltf";
    if (gltf_load_memory(data, size, name, NULL, &doc, &err) == GLTF_OK) {
        sample_everything(&doc);
        gltf_doc_destroy(&doc);
    } else if (strncmp(err.message, name, strlen(name)) != 0) {
        abort();  /* every error names the file */
    }
    return 0;
}

#ifdef FUZZ_STANDALONE
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 24];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        printf("%s: ok\n", argv[i]);
    }
    return 0;
}
#endif
