/* lang: LC_CTYPE and LC_MESSAGES from the environment, everything else "C". See include/numlab/lang.h. */
#include "numlab/lang.h"

#include <locale.h>

void lang_init(void)
{
    setlocale(LC_ALL, "C");
    setlocale(LC_CTYPE, "");     /* an unknown locale leaves "C": ASCII, which the labs draw too */
    setlocale(LC_MESSAGES, "");
}
