/* Exercise 05: write the network's forces. Read README.md first; `make exercise EX=05` runs the visible tests. */
/* ES: Ejercicio 05: escriba las fuerzas de la red. Lea primero README.es.md; `make exercise EX=05` corre las pruebas
 * visibles. */
#include "exercise.h"

void network_forces(size_t n_masses, const vec2 *pos, const vec2 *vel, size_t n_links, const spring_link *links,
                    vec2 *force)
{
    (void)n_masses, (void)pos, (void)vel, (void)n_links, (void)links, (void)force;
    /* TODO: clear the forces; for each link, d, L and u; the spring and damper force along u; +f on i, -f on j. */
    /* ES: PENDIENTE: ponga las fuerzas en cero; para cada enlace, d, L y u; la fuerza del resorte y del amortiguador
     * a lo largo de u; +f sobre i, -f sobre j. */
}
